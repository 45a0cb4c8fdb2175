import Alert from 'react-bootstrap/Alert';
import { SERVICE_RESTARTING_MESSAGE } from '@patentscout/schema';
import { useServiceRestarting } from './serviceStatus';

/** Over every page while the service restarts: why calls fail now, and that waiting helps. */
export function ServiceNotice() {
  const restarting = useServiceRestarting();
  if (!restarting) return null;
  return (
    <Alert
      variant="warning"
      role="alert"
      className="position-fixed bottom-0 start-50 translate-middle-x mb-3 shadow"
      style={{ zIndex: 2100 }}
      data-testid="service-notice"
    >
      {SERVICE_RESTARTING_MESSAGE}
    </Alert>
  );
}
