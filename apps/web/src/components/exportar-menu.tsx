import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';

export type FormatoArchivo = 'xlsx' | 'csv';

/** The 'Exportar' button of a list: Excel or CSV of what the list shows. */
export function ExportarMenu({
  onElegir,
  cargando,
  soloIcono = false,
}: {
  onElegir: (formato: FormatoArchivo) => void;
  cargando: boolean;
  /** On a narrow screen the button keeps only its icon (and its accessible name). */
  soloIcono?: boolean;
}) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: 'Excel (.xlsx)' },
          { key: 'csv', label: 'CSV (.csv)' },
        ],
        onClick: ({ key }) => onElegir(key as FormatoArchivo),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={cargando} aria-label="Exportar">
        {soloIcono ? null : 'Exportar'}
      </Button>
    </Dropdown>
  );
}
