import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportRow } from '../../data/report';
import styles from './season-report.module.css';

interface MonthBars {
  month: string;
  participants: number;
  attended: number;
}

/** Per club month, over every model: participants (subscribers and guests) and those present. */
export function monthBars(rows: ReportRow[]): MonthBars[] {
  const months = new Map<string, MonthBars>();
  for (const row of rows) {
    const bars = months.get(row.month) ?? { month: row.month, participants: 0, attended: 0 };
    bars.participants += row.subscriptions + row.guests;
    bars.attended += row.attended;
    months.set(row.month, bars);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

const HEIGHT = 180;
const BAR = 16;
const GROUP = 48;
const TOP = 18;

/**
 * A plain SVG bar chart; its figures are the table's, which screen readers read instead (the chart is an
 * image named by its title and description). Present bars are striped, not only another colour.
 */
export function ReportChart({ rows, monthLabel }: { rows: ReportRow[]; monthLabel(month: string): string }) {
  const { t } = useTranslation();
  const id = useId();
  const bars = monthBars(rows);
  const max = Math.max(1, ...bars.map((b) => b.participants));
  // Drawn at its own size (a season's twelve months side by side), scrolled sideways on a phone.
  const width = Math.max(12, bars.length) * GROUP + 16;
  const y = (value: number) => TOP + (HEIGHT - TOP) * (1 - value / max);
  return (
    <figure className={styles.chart}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by the keyboard. */}
      <section className={styles.plotScroll} tabIndex={0} aria-labelledby={`${id}-title`}>
        <svg
          className={styles.plot}
          width={width}
          height={HEIGHT + 24}
          viewBox={`0 0 ${width} ${HEIGHT + 24}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{t('report.chart_title')}</title>
          <desc id={`${id}-desc`}>{t('report.chart_description')}</desc>
          <defs>
            <pattern
              id="report-stripes"
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" fill="var(--success)" />
              <rect width="2" height="6" fill="#ffffff" opacity="0.45" />
            </pattern>
          </defs>
          <line x1="8" x2={width - 8} y1={HEIGHT} y2={HEIGHT} stroke="var(--border)" />
          {bars.map((b, i) => {
            const x = 16 + i * GROUP;
            return (
              <g key={b.month}>
                <rect
                  className={styles.bar}
                  x={x}
                  y={y(b.participants)}
                  width={BAR}
                  height={HEIGHT - y(b.participants)}
                />
                <text className={styles.axis} x={x + BAR / 2} y={y(b.participants) - 4} textAnchor="middle">
                  {b.participants}
                </text>
                <rect
                  className={styles.barAttended}
                  x={x + BAR + 4}
                  y={y(b.attended)}
                  width={BAR}
                  height={HEIGHT - y(b.attended)}
                />
                <text className={styles.axis} x={x + BAR * 1.5 + 4} y={y(b.attended) - 4} textAnchor="middle">
                  {b.attended}
                </text>
                <text className={styles.axis} x={x + BAR + 2} y={HEIGHT + 16} textAnchor="middle">
                  {monthLabel(b.month)}
                </text>
              </g>
            );
          })}
        </svg>
      </section>
      <figcaption>
        <ul className={styles.legend}>
          <li>
            <span className={`${styles.swatch} ${styles.swatchParticipants}`} />
            {t('report.legend_participants')}
          </li>
          <li>
            <svg className={styles.swatch} viewBox="0 0 12 12" aria-hidden="true">
              <rect width="12" height="12" fill="url(#report-stripes)" />
            </svg>
            {t('report.legend_attended')}
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}
