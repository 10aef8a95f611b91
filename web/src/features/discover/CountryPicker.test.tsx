import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountryPicker } from './CountryPicker';

function Picker() {
  const [code, setCode] = useState('');
  return (
    <>
      <CountryPicker value={code} onChange={setCode} inputClassName="" />
      <output>{code || 'none'}</output>
    </>
  );
}

describe('CountryPicker', () => {
  it('filters the countries as you type and chooses one with the keyboard', async () => {
    render(<Picker />);
    const input = screen.getByRole('combobox', { name: 'Country / Market' });
    await userEvent.type(input, 'japa');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringContaining('Japan'),
    ]);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('JP');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveProperty('value', expect.stringContaining('Japan'));
  });

  it('clears the chosen country', async () => {
    render(<Picker />);
    const input = screen.getByRole('combobox', { name: 'Country / Market' });
    await userEvent.type(input, 'brazil');
    await userEvent.click(screen.getByRole('option', { name: /^Brazil/ }));
    expect(screen.getByRole('status').textContent).toBe('BR');
    await userEvent.click(screen.getByRole('button', { name: 'Clear country' }));
    expect(screen.getByRole('status').textContent).toBe('none');
  });
});
