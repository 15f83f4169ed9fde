// The accounts found, each linking to its page, and "Load more" while Kratos has more.
import Badge from "react-bootstrap/Badge";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";
import { Link } from "react-router-dom";
import { useListedTraits } from "./listed-traits";
import { href } from "#contract/paths.js";
import { EmailAddress } from "../../../lib/components/email-address";
import { ListTable } from "../../../lib/components/list-table";
import { useFormatDate } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import type { User } from "../api/user-types";
import { LockBadge, Providers, StateBadge, SecondFactors } from "./user-facts";

export interface UserTableProps {
  users: readonly User[];
  more: { available: boolean; loading: boolean; load: () => void };
  /** The people chosen for an action on many at once, by id. */
  selection: ReadonlyMap<string, string>;
  onSelect: (people: readonly User[], selected: boolean) => void;
}

export function UserTable({ users, more, selection, onSelect }: UserTableProps) {
  const { t } = useText();
  const listed = useListedTraits();
  // The server renders the list too: dates as the reader's, and more pages, once the app runs.
  const formatDate = useFormatDate();
  const hydrated = useHydrated();
  return (
    <>
      <ListTable
        label={t("users.table")}
        lead={
          <Form.Check
            aria-label={t("users.bulk.selectPage")}
            disabled={!hydrated || users.length === 0}
            checked={users.length > 0 && users.every((user) => selection.has(user.id))}
            onChange={(event) => onSelect(users, event.currentTarget.checked)}
          />
        }
        columns={[
          t("users.columns.name"),
          t("users.columns.email"),
          ...listed.columns,
          t("users.columns.verified"),
          t("users.columns.roles"),
          t("users.columns.state"),
          t("users.columns.secondFactors"),
          t("users.columns.providers"),
          t("users.columns.lastSignIn"),
          t("users.columns.created"),
        ]}
      >
        {users.map((user) => (
          <tr key={user.id}>
            <td>
              <Form.Check
                aria-label={t("users.bulk.selectPerson", { email: user.email })}
                disabled={!hydrated}
                checked={selection.has(user.id)}
                onChange={(event) => onSelect([user], event.currentTarget.checked)}
              />
            </td>
            <td data-label={t("users.columns.name")}>{user.name || <span className="text-body-secondary">{t("users.noName")}</span>}</td>
            <td data-label={t("users.columns.email")}>
              <EmailAddress address={user.email} />
            </td>
            {listed.cells(user)}
            <td data-label={t("users.columns.verified")}>{user.verified ? t("users.yes") : t("users.no")}</td>
            <td data-label={t("users.columns.roles")}>
              {user.roles.length > 0
                ? user.roles.map((role) => (
                    <Badge key={role} bg="secondary" className="me-1">
                      {role}
                    </Badge>
                  ))
                : t("users.noRoles")}
            </td>
            <td data-label={t("users.columns.state")}>
              <StateBadge state={user.state} /> <LockBadge until={user.locked_until} />
            </td>
            <td data-label={t("users.columns.secondFactors")}>
              <SecondFactors factors={user.second_factors} />
            </td>
            <td data-label={t("users.columns.providers")}>
              <Providers providers={user.providers} />
            </td>
            <td data-label={t("users.columns.lastSignIn")} className="text-nowrap">
              {user.last_sign_in ? formatDate(user.last_sign_in) : t("users.notSignedIn")}
            </td>
            <td data-label={t("users.columns.created")} className="text-nowrap">
              {formatDate(user.created_at)}
            </td>
            <td className="text-end">
              <Link to={href("manageUser", { id: user.id })} aria-label={`${t("users.open")} ${user.email}`}>
                {t("users.open")}
              </Link>
            </td>
          </tr>
        ))}
      </ListTable>
      {users.length === 0 && <p className="text-body-secondary small">{t("users.noMatch")}</p>}
      {more.available && (
        <Button variant="outline-secondary" size="sm" onClick={more.load} disabled={more.loading || !hydrated}>
          {more.loading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t("users.loadMore")}
        </Button>
      )}
    </>
  );
}
