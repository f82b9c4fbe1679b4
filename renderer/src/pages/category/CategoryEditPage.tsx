import { useParams } from 'react-router-dom';
import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { ResourceEditPage } from '../../resources/ResourcePages';
import { TreeParentSelect } from '../../resources/TreeParentSelect';

const def: ResourceDef = resources.newsCategory;

/**
 * /news/category/add and /news/category/{categoryId}: the generic form of the definition, with the parent as a
 * tree of the website's categories in which the category itself and its descendants can't be chosen (the
 * server refuses such a move too, e.g. when the tree changed since the form opened).
 */
export default function CategoryEditPage() {
  const { categoryId } = useParams();
  const recordId = categoryId && categoryId !== 'add' ? categoryId : undefined;
  return (
    <ResourceEditPage
      def={def}
      inputs={{
        parentId: ({ id, value, onChange, disabled, label }) => (
          <TreeParentSelect lookup={def.fields.find((f) => f.name === 'parentId')!.reference!.lookup} recordId={recordId} id={id} value={value} onChange={onChange} disabled={disabled} aria-label={label} />
        ),
      }}
    />
  );
}
