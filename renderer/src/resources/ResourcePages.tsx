import { Space, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { getResource } from '../../../shared/resources';
import type { ResourceDef } from '../../../shared/resources/define';
import { idOf, type Row } from './dataProvider';
import { resourceTitle } from './labels';
import { editPath } from './navigation';
import { ResourceEditor, type ResourceEditorProps } from './ResourceEditor';
import { ResourceList, type ResourceListProps } from './ResourceList';
import { TreeParentSelect } from './TreeParentSelect';
import type { FieldInputOverride } from './customize';

/** The route parameter of an edit route (`/branchContact/:branchContactId` → `branchContactId`). */
export const idParamOf = (def: ResourceDef) => def.routes?.edit?.match(/:([^/]+)/)?.[1] ?? 'id';

/**
 * A list screen: centred title (the definition's label, or `title` where the screen has a name of its own: the side
 * menu shows the same, app/nav.tsx), the generic list, add and open through the definition's routes.
 */
export function ResourceListPage({ def, title, ...props }: { def: ResourceDef; title?: string } & Partial<Omit<ResourceListProps, 'def'>>) {
  const navigate = useNavigate();
  // The title follows the interface language when it changes (the definitions' labels live in i18next).
  useTranslation('resources');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {title ?? resourceTitle(def)}
      </Typography.Title>
      <ResourceList
        def={def}
        // An add route without an add button in the grid (`list.addButton: false`: feedback, bookings) is reached from
        // the route table, not from here.
        onAdd={def.routes?.add && def.list?.addButton !== false ? () => navigate(def.routes!.add!) : undefined}
        onOpen={def.routes?.edit ? (row: Row) => navigate(editPath(def, idOf(def, row)!)!) : undefined}
        {...props}
      />
    </Space>
  );
}

/**
 * An edit screen: the id from the route (none, or "add", for a new record). In a tree (`list.treeParentField`) the
 * parent is picked from the tree, where the record itself and its descendants cannot be chosen (the server
 * refuses such a move too, e.g. when the tree changed since the form opened).
 */
export function ResourceEditPage({ def, ...props }: { def: ResourceDef } & Partial<Omit<ResourceEditorProps, 'def' | 'id'>>) {
  const params = useParams();
  const raw = params[idParamOf(def)];
  const recordId = raw && raw !== 'add' ? raw : undefined;
  const parent = def.fields.find((f) => f.name === def.list?.treeParentField && f.reference);
  const inputs = parent
    ? {
        [parent.name]: ({ id, value, onChange, disabled, label }: Parameters<FieldInputOverride>[0]) => (
          <TreeParentSelect lookup={parent.reference!.lookup} recordId={recordId} id={id} value={value} onChange={onChange} disabled={disabled} aria-label={label} />
        ),
        ...props.inputs,
      }
    : props.inputs;
  // key: a new id (e.g. after "save and stay" of a new record) is a new form.
  return <ResourceEditor key={raw ?? 'add'} def={def} id={raw} {...props} inputs={inputs} />;
}

const listScreens = new Map<string, ComponentType>();
const editScreens = new Map<string, ComponentType>();

/** One component per resource (stable identity, so routes do not remount on every render). */
export function listScreen(name: string): ComponentType {
  let screen = listScreens.get(name);
  if (!screen) {
    const def = getResource(name);
    screen = () => <ResourceListPage def={def} />;
    listScreens.set(name, screen);
  }
  return screen;
}

export function editScreen(name: string): ComponentType {
  let screen = editScreens.get(name);
  if (!screen) {
    const def = getResource(name);
    screen = () => <ResourceEditPage def={def} />;
    editScreens.set(name, screen);
  }
  return screen;
}
