export { MapView } from './MapView';
export { loadMap, useCollectionMap, useResultSetMap, type MapSource } from './useResultMap';
export { selectedIds, type MapSelection } from './mapGeometry';
export { MapViewSwitch, type ListOrMap } from './MapViewSwitch';
export { mapChipText } from './mapChip';
