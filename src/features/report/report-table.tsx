import { dayLabel } from '@common/rules/date-display';
import { useTranslation } from 'react-i18next';
import { REPORT_FIGURES, type ReportRow, type SeasonReport } from '../../data/report';
import styles from './season-report.module.css';

type Figures = SeasonReport['totals'];

/** The report as a table: one row per model and month, a totals row; the chart's accessible data. */
export function ReportTable({
  report,
  monthLabel,
}: {
  report: SeasonReport;
  monthLabel(month: string): string;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const cells = (figures: Figures) => (
    <>
      {REPORT_FIGURES.map((key) => (
        <td key={key}>{number.format(figures[key])}</td>
      ))}
      <td>{figures.attendance_rate === null ? '—' : percent.format(figures.attendance_rate)}</td>
    </>
  );
  return (
    // A table wider than a phone scrolls in its own box, which keyboard users must be able to reach
    // (axe's scrollable-region-focusable): hence a focusable, named region.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by the keyboard.
    <section className={styles.scroll} aria-labelledby="report-caption" tabIndex={0}>
      <table className={styles.table}>
        <caption id="report-caption">
          {t('report.table_caption', {
            from: dayLabel(report.from, i18n.language),
            to: dayLabel(report.to, i18n.language),
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('report_csv.month')}</th>
            <th scope="col">{t('report_csv.model')}</th>
            {[...REPORT_FIGURES, 'attendance_rate' as const].map((key) => (
              <th key={key} scope="col">
                {t(`report.column_${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row: ReportRow) => (
            <tr key={`${row.month} ${row.model_uuid}`}>
              <td className={styles.text}>{monthLabel(row.month)}</td>
              <th scope="row">{row.model_name}</th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('report_csv.total')}
            </th>
            {cells(report.totals)}
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
