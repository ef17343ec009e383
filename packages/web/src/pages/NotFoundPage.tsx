import { NotFoundError } from '@sortie/core';
import { ErrorPage } from '../components/ErrorPage';

/** /notFound: the not-found variant of the error page, with core's default message. */
export default function NotFoundPage() {
  return <ErrorPage error={new NotFoundError()} />;
}
