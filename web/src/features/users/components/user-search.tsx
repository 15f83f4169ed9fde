// Search by email address, the whole of it or its beginning; "Show all" clears it.
import { useId, useState, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { useTranslation } from "react-i18next";
import type { SearchMatch, UserSearch as Search } from "../api/list-users";

export function UserSearch({ search, onSearch }: { search: Search; onSearch: (search: Search) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(search.email);
  const [match, setMatch] = useState<SearchMatch>(search.match);
  const id = useId();
  const helpId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({ email: email.trim(), match });
  }

  return (
    <Form role="search" aria-label={t("users.searchLabel")} className="mb-3" onSubmit={submit}>
      <Form.Label htmlFor={id} className="small">
        {t("users.searchByEmail")}
      </Form.Label>
      <InputGroup size="sm">
        <Form.Select
          aria-label={t("users.match.label")}
          className="flex-grow-0 w-auto"
          value={match}
          onChange={(event) => setMatch(event.target.value === "exact" ? "exact" : "prefix")}
        >
          <option value="prefix">{t("users.match.prefix")}</option>
          <option value="exact">{t("users.match.exact")}</option>
        </Form.Select>
        <Form.Control id={id} type="search" aria-describedby={helpId} value={email} onChange={(event) => setEmail(event.target.value)} />
        <Button type="submit" variant="outline-primary">
          {t("users.search")}
        </Button>
        {search.email && (
          <Button
            variant="outline-secondary"
            onClick={() => {
              setEmail("");
              onSearch({ email: "", match });
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
