import { Space, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { getResource } from '../../../shared/resources';
import type { ResourceDef } from '../../../shared/resources/define';
import { idOf, type Row } from './dataProvider';
import { resourceTitle } from './labels';
import { editPath } from './navigation';
import { ResourceEditor, type ResourceEditorProps } from './ResourceEditor';
import { ResourceList, type ResourceListProps } from './ResourceList';

/** The route parameter of an edit route (`/branchContact/:branchContactId` → `branchContactId`). */
export const idParamOf = (def: ResourceDef) => def.routes?.edit?.match(/:([^/]+)/)?.[1] ?? 'id';

/** A list screen: centred title, the generic list, add and open through the definition's routes. */
export function ResourceListPage({ def, ...props }: { def: ResourceDef } & Partial<Omit<ResourceListProps, 'def'>>) {
  const navigate = useNavigate();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {resourceTitle(def)}
      </Typography.Title>
      <ResourceList
        def={def}
        onAdd={def.routes?.add ? () => navigate(def.routes!.add!) : undefined}
        onOpen={def.routes?.edit ? (row: Row) => navigate(editPath(def, idOf(def, row)!)!) : undefined}
        {...props}
      />
    </Space>
  );
}

/** An edit screen: the id from the route (none, or "add", for a new record). */
export function ResourceEditPage({ def, ...props }: { def: ResourceDef } & Partial<Omit<ResourceEditorProps, 'def' | 'id'>>) {
  const params = useParams();
  const raw = params[idParamOf(def)];
  // key: a new id (e.g. after "save and stay" of a new record) is a new form.
  return <ResourceEditor key={raw ?? 'add'} def={def} id={raw} {...props} />;
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
