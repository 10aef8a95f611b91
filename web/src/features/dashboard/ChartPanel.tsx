import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type ChartRow = { label: string; count: number; to: string };

interface ChartPanelProps {
  title: string;
  /** The table's first column heading: Genre, Decade, Month, Artist. */
  rowHeading: string;
  rows: ChartRow[];
  /** Bars across (many short labels) or down (few long names). */
  layout: 'columns' | 'rows';
}

const panel =
  'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900';

/**
 * One chart of the dashboard with its heading and, on request, the same figures as a table.
 * A bar, and each row of the table, leads to the albums behind it.
 */
export function ChartPanel({ title, rowHeading, rows, layout }: ChartPanelProps) {
  const headingId = useId();
  const tableId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <section aria-labelledby={headingId} className={panel}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        <button
          type="button"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((shown) => !shown)}
          className="rounded-md px-2 py-1 text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {asTable ? 'Show chart' : 'Show table'}
        </button>
      </div>
      {asTable ? (
        <ChartTable id={tableId} title={title} rowHeading={rowHeading} rows={rows} />
      ) : (
        <div id={tableId} className="h-64 text-gray-700 dark:text-gray-300">
          <Chart rows={rows} layout={layout} />
        </div>
      )}
    </section>
  );
}

function ChartTable({
  id,
  title,
  rowHeading,
  rows,
}: { id: string; title: string } & Omit<ChartPanelProps, 'layout' | 'title'>) {
  return (
    <table id={id} className="w-full text-left text-sm">
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr className="border-b border-gray-200 dark:border-gray-800">
          <th scope="col" className="py-1 font-semibold">
            {rowHeading}
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Albums
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.to} className="border-b border-gray-100 dark:border-gray-800">
            <th scope="row" className="py-1 font-normal">
              <Link to={row.to} className="text-indigo-700 hover:underline dark:text-indigo-300">
                {row.label}
              </Link>
            </th>
            <td className="py-1 text-right tabular-nums">{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Chart({ rows, layout }: Pick<ChartPanelProps, 'rows' | 'layout'>): ReactNode {
  const navigate = useNavigate();
  const across = layout === 'columns';
  const tick = { fill: 'currentColor', fontSize: 12 };
  return (
    // The table holds the figures for assistive technology; the drawing is for the eye.
    <ResponsiveContainer width="100%" height="100%" aria-hidden="true">
      <BarChart
        data={rows}
        layout={across ? 'horizontal' : 'vertical'}
        margin={{ top: 4, right: 8, bottom: 4, left: across ? 0 : 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeOpacity={0.2} vertical={!across} horizontal={across} />
        {across ? (
          <>
            <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={tick} width={40} />
          </>
        ) : (
          <>
            <XAxis type="number" allowDecimals={false} tick={tick} />
            <YAxis type="category" dataKey="label" tick={tick} width={120} />
          </>
        )}
        <Tooltip cursor={{ fillOpacity: 0.1 }} contentStyle={{ color: '#111827' }} />
        <Bar
          dataKey="count"
          name="Albums"
          fill="currentColor"
          className="cursor-pointer text-indigo-600 dark:text-indigo-400"
          onClick={(_, index) => {
            const row = rows[index];
            if (row) void navigate(row.to);
          }}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
