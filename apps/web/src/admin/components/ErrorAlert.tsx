import { Alert } from 'antd';
import { useErrorText } from '../../api/errors';

/** A failed load or action, said in the staff member's language. */
export function ErrorAlert({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return <Alert type="error" showIcon role="alert" message={errorText(error)} style={{ marginBottom: 16 }} />;
}
