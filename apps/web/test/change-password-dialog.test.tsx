// @vitest-environment jsdom
import { passwordChange } from '@kindred/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/client';
import { ChangePasswordDialog } from '../src/desktop/components/ChangePasswordDialog';
import { renderDesktop } from './support/render-desktop';

// The network edge only: the form, its rules and the mutation are the app's own.
const call = vi.hoisted(() => vi.fn());
vi.mock('../src/api/client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../src/api/client')>()), call }));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

beforeEach(() => {
  call.mockReset();
});

describe('desktop change-password dialog', () => {
  it('names every empty field and sends nothing', async () => {
    await renderDesktop(<ChangePasswordDialog open onClose={() => {}} />);
    save();
    expect(await screen.findByText('Old password is required')).toBeTruthy();
    expect(screen.getByText('New password is required')).toBeTruthy();
    expect(screen.getByText('Repeat password is required')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('holds a short password and a repeat that differs', async () => {
    await renderDesktop(<ChangePasswordDialog open onClose={() => {}} />);
    type('Old password', 'old-secret');
    type('New password', 'abc');
    type('Repeat password', 'abd');
    save();
    expect(await screen.findByText('Between 6 and 18 characters')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('sends the trimmed old and new password to the change-password call, then closes', async () => {
    call.mockResolvedValue(null);
    const onClose = vi.fn();
    await renderDesktop(<ChangePasswordDialog open onClose={onClose} />);
    type('Old password', ' old-secret ');
    type('New password', ' new-secret ');
    type('Repeat password', 'new-secret');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(passwordChange, { oldpassword: 'old-secret', newpassword: 'new-secret' });
  });

  it('says a wrong old password as such, not as a lost connection', async () => {
    call.mockImplementation(() => Promise.reject(new ApiError(0, 'old_password_wrong', 'old password wrong')));
    await renderDesktop(<ChangePasswordDialog open onClose={() => {}} />);
    type('Old password', 'old-secret');
    type('New password', 'new-secret');
    type('Repeat password', 'new-secret');
    save();
    expect((await screen.findByRole('alert')).textContent).toContain('The old password is incorrect');
  });
});
