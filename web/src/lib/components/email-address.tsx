// An email address that wraps only where a reader expects it to: after the
// "@" and before a dot, never inside a word, so that a narrow column shows
// "ada.lovelace@" over "example.org" rather than a few letters per line.
import { Fragment } from "react";

/** The address cut before each dot and after the "@": the places a line may end. */
export function wrapPoints(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/);
}

export function EmailAddress({ address }: { address: string }) {
  return (
    // Isolated, so that in a right-to-left page the address still reads left to right.
    <bdi>
      {wrapPoints(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
