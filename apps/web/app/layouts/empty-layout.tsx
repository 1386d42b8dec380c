import { Outlet } from 'react-router';
import { ModalOutlet } from '../components/modal-outlet.tsx';

/** Empty layout (spec 2.2): the page alone, plus the place where modals appear. */
export default function EmptyLayout() {
  return (
    <>
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Outlet />
      </main>
      <ModalOutlet />
    </>
  );
}
