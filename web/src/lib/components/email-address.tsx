// An email address that wraps only where a reader expects it to: after the
// "@" and before a dot, never inside a word, so that a narrow column shows
// "ada.lovelace@" over "example.org" rather than a few letters per line. A
// part longer than any line can hold (an address may have 64 letters before
// its "@") may break inside, so that it never widens its table past the screen.
import { Fragment } from "react";

/** A part of an address longer than this may break inside (the class long-word). */
export const longPart = 30;

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
          {part.length > longPart ? <span className="long-word">{part}</span> : part}
        </Fragment>
      ))}
    </bdi>
  );
}
