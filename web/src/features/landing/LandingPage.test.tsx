import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LandingPage } from './LandingPage';

function renderLanding(address = '/') {
  render(
    <MemoryRouter initialEntries={[address]}>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe('LandingPage', () => {
  it('sends every sign-in button to the login endpoint', () => {
    renderLanding();
    const signInLinks = screen.getAllByRole('link', { name: /sign in/i });
    expect(signInLinks.length).toBeGreaterThanOrEqual(2);
    for (const link of signInLinks) {
      expect(link.getAttribute('href')).toBe('/api/v1/auth/login');
    }
  });

  it('has one h1 and the header, main and footer landmarks', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('lists the features and the three steps, and labels the testimonials as samples', () => {
    renderLanding();
    for (const feature of [
      'Nested folders',
      'Coloured tags',
      'Search and discovery',
      'Listening analytics',
      'Dark mode',
      'Private by design',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: feature })).toBeTruthy();
    }
    for (const step of ['Connect', 'Organise', 'Enjoy']) {
      expect(screen.getByRole('heading', { level: 3, name: step })).toBeTruthy();
    }
    expect(screen.getByText(/Sample testimonials/)).toBeTruthy();
  });

  it('scrolls smoothly to the features section', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderLanding();

    await userEvent.click(screen.getByRole('button', { name: 'Explore features' }));

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('features'));
    expect(document.activeElement?.id).toBe('features');
  });

  it('shows the session-expired warning after a 401 sent the visitor here', async () => {
    renderLanding('/?session_expired=true');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your session has expired. Please log in again to continue using the application.',
    );
  });
});
