import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { alphabetOf } from '../../../../shared/editorial';
import { localized } from '../../core/workspace/localized';
import { RemoteSelect, type RemoteOption } from '../../resources/RemoteSelect';
import { ResourceEditPage } from '../../resources/ResourcePages';
import { useWorkspace } from '../../core/workspace';
import { sickAdapter, sickFormDef, type LinkedNews } from './sickForm';

/**
 * /sick/add and /sick/{id}: per-language letter (a select of the language's alphabet: 29 Vietnamese letters,
 * A–Z otherwise), name, description, SEO link and content; image, URL, active, prioritised; the linked news
 * (searched on the server, the first is the default). Saving returns to /sick.
 */
export default function SickEditPage() {
  const { language } = useWorkspace();
  const [linked, setLinked] = useState<LinkedNews[]>([]);
  const adapter = useMemo(() => sickAdapter(setLinked), []);
  const known: RemoteOption[] = linked.map((n) => ({ value: n.newsId, label: localized(n.title, language) || `#${n.newsId}` }));
  return (
    <ResourceEditPage
      def={sickFormDef}
      adapter={adapter}
      inputs={{
        alphabet: ({ id, value, onChange, disabled, label, languageId }) => (
          <Select
            id={id}
            aria-label={label}
            disabled={disabled}
            value={(value as string) || undefined}
            onChange={onChange}
            showSearch
            allowClear
            options={alphabetOf(languageId ?? '').map((letter) => ({ value: letter, label: letter }))}
            style={{ maxWidth: 160 }}
          />
        ),
        sickNews: ({ id, value, onChange, disabled, label }) => (
          <RemoteSelect id={id} aria-label={label} disabled={disabled} mode="multiple" path="News/{website}/{lang}" labelField="title" known={known} value={value} onChange={onChange} />
        ),
      }}
    />
  );
}
