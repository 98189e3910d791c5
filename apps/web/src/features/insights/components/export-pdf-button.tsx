import { useTranslation } from 'react-i18next';
import { AsyncButton, type AsyncButtonProps } from '@/components/async-button';
import { useLanguage } from '@/hooks/use-language';
import { notify } from '@/lib/notifications';
import { downloadInsightsPdf, type InsightsPdfSource } from '../api/insights-pdf';

export interface ExportPdfButtonProps extends Omit<AsyncButtonProps, 'onClick' | 'children'> {
  /** The report shown; null while there is none to print. */
  source: InsightsPdfSource | null;
  /** The audience's name: the download is "<name> Insights.pdf". */
  name: string;
}

/** "Export PDF": the report on screen, as the server prints it in the interface language. */
export function ExportPdfButton({ source, name, disabled, ...rest }: ExportPdfButtonProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <AsyncButton
      variant="default"
      {...rest}
      disabled={disabled === true || source === null}
      onClick={async () => {
        if (source === null) return;
        try {
          await downloadInsightsPdf(source, language, `${name} ${t('insights.title')}`);
        } catch {
          notify.error(t('insights.exportPdfFailed'));
        }
      }}
    >
      {t('insights.exportPdf')}
    </AsyncButton>
  );
}
