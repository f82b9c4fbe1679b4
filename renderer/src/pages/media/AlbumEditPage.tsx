import { album, albumPhoto } from '../../../../shared/resources/album';
import { ChildCollection, ChildCollections } from '../../resources/ChildCollections';
import { ResourceEditPage } from '../../resources/ResourcePages';
import { PhotoDrop } from './PhotoDrop';

/**
 * /album/add, /album/{albumId}: the generic editor (saving stays, with the answer's new stamp); below it a photo
 * album's photos, which also take files dropped from the desktop, or a video album's videos.
 */
export default function AlbumEditPage() {
  return (
    <ResourceEditPage
      def={album}
      renderChildren={(albumId, record) =>
        albumId !== undefined && record?.type === 0 ? (
          <PhotoDrop albumId={albumId}>{(actionRef) => <ChildCollection def={albumPhoto} parentId={albumId} actionRef={actionRef} />}</PhotoDrop>
        ) : (
          <ChildCollections def={album} parentId={albumId} record={record} />
        )
      }
    />
  );
}
