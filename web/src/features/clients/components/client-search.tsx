// Search by part of a client's name; "Show all" clears it.
import { useId, useState, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { useText } from "../../../lib/i18n/text";
import { useHydrated } from "../../../lib/use-hydrated";

export function ClientSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useText();
  const [query, setQuery] = useState(search);
  const id = useId();
  // Searching is the app's work: until its script runs, the form would only reload the page.
  const scriptless = !useHydrated();

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(query.trim());
  }

  return (
    <Form role="search" aria-label={t("clients.searchLabel")} className="mb-3" onSubmit={submit}>
      <Form.Label htmlFor={id} className="small">
        {t("clients.searchByName")}
      </Form.Label>
      <InputGroup size="sm">
        <Form.Control id={id} type="search" value={query} disabled={scriptless} onChange={(event) => setQuery(event.target.value)} />
        <Button type="submit" variant="outline-primary" disabled={scriptless}>
          {t("clients.search")}
        </Button>
        {search && (
          <Button
            variant="outline-secondary"
            onClick={() => {
              setQuery("");
              onSearch("");
            }}
          >
            {t("clients.showAll")}
          </Button>
        )}
      </InputGroup>
    </Form>
  );
}
