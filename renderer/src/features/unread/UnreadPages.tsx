// What visitors send from the public sites (feedback, job applications): the list where unread ones stand out, and the
// detail that marks one read, shared by the feedback and the recruitment pages.
import { Spin, Tag, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useWorkspace } from '../../core/workspace';
import { createDataProvider, type Row } from '../../resources/dataProvider';
import { idParamOf, ResourceEditPage, ResourceListPage } from '../../resources/ResourcePages';
import type { ResourceDef } from '../../../../shared/resources/define';
import type { ResourceListProps } from '../../resources/ResourceList';
import type { ResourceEditorProps } from '../../resources/ResourceEditor';

/**
 * A list of what visitors sent (feedback, applications): an unread record stands out, its `field` in bold with an
 * "Unread" tag (`isView` false). Opening one marks it read (`readOnOpen`).
 */
export function UnreadListPage({ def, field, ...props }: { def: ResourceDef; field: string } & Partial<Omit<ResourceListProps, 'def'>>) {
  const { t } = useTranslation('resources');
  return (
    <ResourceListPage
      def={def}
      {...props}
      columns={(generic) =>
        generic.map((column) =>
          column.key === field
            ? {
                ...column,
                render: (dom, row: Row, ...rest) => {
                  const shown = (column.render ? column.render(dom, row, ...rest) : dom) as ReactNode;
                  return row.isView ? (
                    shown
                  ) : (
                    <span data-testid="unread-feedback">
                      <Typography.Text strong>{shown}</Typography.Text> <Tag color="blue">{t('unread')}</Tag>
                    </span>
                  );
                },
              }
            : column,
        )
      }
    />
  );
}

/**
 * The detail of something visitors sent: marks it read first (`api.actions.read`; the side navigation's counts go
 * down), then the generic detail form.
 */
export function ReadOnOpenPage({ def, ...props }: { def: ResourceDef } & Partial<Omit<ResourceEditorProps, 'def' | 'id'>>) {
  const id = useParams()[idParamOf(def)];
  const { websiteId } = useWorkspace();
  // A new record (the add route) has nothing to mark.
  const isNew = !id || id === 'add';
  const [marked, setReady] = useState(false);
  const ready = isNew || marked;
  useEffect(() => {
    let alive = true;
    if (isNew) return;
    createDataProvider(def, { websiteId })
      .custom({ path: def.api.actions!.read, params: { id }, quietStatuses: [404] })
      // A feedback that is gone shows the form's own "not found".
      .catch(() => undefined)
      // Marking it read is a write to feedback: the query cache reads the navigation's count again.
      .finally(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, [def, id, isNew, websiteId]);
  return ready ? <ResourceEditPage def={def} {...props} /> : <Spin />;
}
