export { AddToCollection } from './AddToCollection';
export { CollectionPage } from './CollectionPage';
export { CollectionsPage } from './CollectionsPage';
export { InvitationPage } from './InvitationPage';
export { PatentNotes } from './PatentNotes';
export { SharedCollectionPage } from './SharedCollectionPage';
export { UnwatchPage } from './UnwatchPage';
