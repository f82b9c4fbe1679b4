import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import type { FieldWidgets } from '../resources/widgets';

// The features' field inputs for the resource engine (resources/widgets.tsx), each loaded with the first screen
// that shows one, so the sign-in page does not carry the file picker or the editor.
const ImageField = lazy(() => import('../features/files/ImageField'));
const ImageThumb = lazy(() => import('../features/files/ImageField').then((m) => ({ default: m.ImageThumb })));
const RichTextField = lazy(() => import('../features/editor/RichTextField'));

function deferred<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

export const fieldWidgets: FieldWidgets = {
  FilePicker: deferred<ComponentProps<FieldWidgets['FilePicker']>>(ImageField),
  RichText: deferred<ComponentProps<FieldWidgets['RichText']>>(RichTextField),
  Thumb: deferred<ComponentProps<FieldWidgets['Thumb']>>(ImageThumb),
};
