import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionExpiredNotice } from './SessionExpiredNotice';

const MESSAGE = 'Your session has expired. Please log in again to continue using the application.';

function renderAt(address: string) {
  const router = createMemoryRouter([{ path: '*', element: <SessionExpiredNotice /> }], {
    initialEntries: [address],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('SessionExpiredNotice', () => {
  it('warns with the exact text and removes the parameter from the address', async () => {
    const router = renderAt('/dashboard?session_expired=true&page=2');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MESSAGE);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('?page=2');
    // Still shown after the parameter is gone.
    expect(screen.getByRole('alert')).toBe(alert);
  });

  it('can be dismissed', async () => {
    renderAt('/?session_expired=true');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Dismiss session expired warning' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing without the parameter, or with another value', () => {
    renderAt('/dashboard?session_expired=false');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
