"use client";
// A table of the dashboard's client views (reports, transactions, tree lists): its columns are
// declared once, a label and a cell each, and every cell carries its column's label (data-label),
// which the narrow screens show beside the value. The views each wrote the header, the cells and
// their labels in parallel, where one column could lose its label or shift under another header.
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import type { ReactNode } from "react";
import { useI18n } from "./i18n";
import { TableBox, tableClass, tdClass, thClass } from "./ui";

/**
 * A column: the catalogue key of its label, its cell, the cell's class when not the usual one and
 * its data-* attributes. An `action` column (a button per row) names itself to screen readers only,
 * and its cells carry no label.
 */
export interface Column<Row> {
  label: DashboardKey;
  cell: (row: Row) => ReactNode;
  className?: string;
  cellProps?: Record<`data-${string}`, string>;
  action?: boolean;
}

export function DataTable<Row>(props: {
  /** The table's name, read by screen readers (and shown when `captionClass` is given). */
  label: string;
  captionClass?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Attributes of a row (data-* for the tests). */
  rowProps?: (row: Row) => Record<`data-${string}`, string | number>;
  "data-testid"?: string;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <TableBox label={props.label} className={props.className}>
      <table className={tableClass} data-testid={props["data-testid"]}>
        <caption className={props.captionClass ?? "sr-only"}>{props.label}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column.label} className={thClass}>
                {column.action ? <span className="sr-only">{t(column.label)}</span> : t(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
              {props.columns.map((column) => (
                <td
                  key={column.label}
                  className={column.className ? `${tdClass} ${column.className}` : tdClass}
                  data-label={column.action ? undefined : t(column.label)}
                  {...column.cellProps}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
