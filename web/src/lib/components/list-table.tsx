// The tables of the portal's lists (sessions, credentials, apps, clients): on
// a narrow screen the table scrolls, not the page, and on a phone each row
// stacks its cells, each under its column's name (a cell's data-label); each
// table is named for screen readers; the last column holds the row's actions
// under a hidden header.
import type { ReactNode } from "react";
import Table from "react-bootstrap/Table";
import { useText } from "../i18n/text";
import "./list-table.css";

interface ListTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** A first header cell before the columns' (a "select all" box); the rows then begin with a cell of theirs. */
  lead?: ReactNode;
  className?: string;
  /** The rows. */
  children: ReactNode;
}

export function ListTable({ label, columns, lead, className, children }: ListTableProps) {
  const { t } = useText();
  return (
    <Table
      responsive
      size="sm"
      className={className ? `align-middle list-table ${className}` : "align-middle list-table"}
      aria-label={label}
    >
      <thead>
        <tr>
          {lead !== undefined && <th scope="col">{lead}</th>}
          {columns.map((column) => (
            <th scope="col" key={column}>
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{t("common.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}
