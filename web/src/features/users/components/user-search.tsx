// Search by email address, the whole of it or its beginning; "Show all" clears it.
import { useId, useRef, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { useText } from "../../../lib/i18n/text";
import { useHydrated } from "../../../lib/use-hydrated";
import type { UserSearch as Search } from "../api/list-users";

export function UserSearch({ search, onSearch }: { search: Search; onSearch: (search: Search) => void }) {
  const { t } = useText();
  const emailInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const helpId = useId();
  const hydrated = useHydrated();

  // The fields as they are, what was typed before the app ran included: they are the browser's, not the app's state.
  function searchOf(form: HTMLFormElement): Search {
    const fields = new FormData(form);
    const email = fields.get("email");
    return { email: typeof email === "string" ? email.trim() : "", match: fields.get("match") === "exact" ? "exact" : "prefix" };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(searchOf(event.currentTarget));
  }

  return (
    // Named fields in a GET form: before the app runs, the browser asks the page with the search in its URL.
    <Form role="search" aria-label={t("users.searchLabel")} className="mb-3" method="get" onSubmit={submit}>
      <Form.Label htmlFor={id} className="small">
        {t("users.searchByEmail")}
      </Form.Label>
      <InputGroup size="sm">
        <Form.Select name="match" aria-label={t("users.match.label")} className="flex-grow-0 w-auto" defaultValue={search.match}>
          <option value="prefix">{t("users.match.prefix")}</option>
          <option value="exact">{t("users.match.exact")}</option>
        </Form.Select>
        <Form.Control id={id} name="email" type="search" aria-describedby={helpId} defaultValue={search.email} ref={emailInput} />
        <Button type="submit" variant="outline-primary">
          {t("users.search")}
        </Button>
        {search.email && (
          <Button
            variant="outline-secondary"
            disabled={!hydrated}
            onClick={(event) => {
              if (emailInput.current) emailInput.current.value = "";
              if (event.currentTarget.form) onSearch(searchOf(event.currentTarget.form));
            }}
          >
            {t("users.showAll")}
          </Button>
        )}
      </InputGroup>
      <Form.Text id={helpId} className="small">
        {t("users.searchHelp")}
      </Form.Text>
    </Form>
  );
}
