export { UnsubscribePage } from './UnsubscribePage';
export { WeeklyUpdatesButton } from './WeeklyUpdatesButton';
export { WeeklyUpdatesSection } from './WeeklyUpdatesSection';
