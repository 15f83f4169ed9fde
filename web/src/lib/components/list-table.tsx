// The tables of the portal's lists (sessions, credentials, apps, clients): on
// a narrow screen the table scrolls, not the page, and on a phone each row
// stacks its cells, each under its column's name (a cell's data-label); each
// table is named for screen readers; the last column holds the row's actions
// under a hidden header.
import type { ReactNode } from "react";
import Table from "react-bootstrap/Table";
import { useTranslation } from "react-i18next";
import "./list-table.css";

interface ListTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  className?: string;
  /** The rows. */
  children: ReactNode;
}

export function ListTable({ label, columns, className, children }: ListTableProps) {
  const { t } = useTranslation();
  return (
    <Table
      responsive
      size="sm"
      className={className ? `align-middle list-table ${className}` : "align-middle list-table"}
      aria-label={label}
    >
      <thead>
        <tr>
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
