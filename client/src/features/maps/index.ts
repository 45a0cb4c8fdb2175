export { MapView } from './MapView';
export { useCollectionMap, useResultSetMap } from './useResultMap';
export { selectedIds, type MapSelection } from './mapGeometry';
export { MapViewSwitch, type ListOrMap } from './MapViewSwitch';
