// @vitest-environment jsdom
import { avatarUpload, LIMITS, profileUpdate } from '@kindred/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvatarCropDialog } from '../src/desktop/components/AvatarCropDialog';
import { useSession } from '../src/state/session';
import { renderDesktop } from './support/render-desktop';
import { buildUser } from './support/user-fixture';

const call = vi.hoisted(() => vi.fn());
vi.mock('../src/api/client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../src/api/client')>()), call }));

/** The area the member drags the square to; the real cropper measures the layout jsdom does not have. */
const CHOSEN = { x: 120, y: 40, width: 480, height: 480 };
vi.mock('react-easy-crop', () => ({
  default: ({ onCropComplete }: { onCropComplete: (area: unknown, pixels: typeof CHOSEN) => void }) => (
    <button type="button" onClick={() => onCropComplete({}, CHOSEN)}>
      drag the square
    </button>
  ),
}));

/** A decoded picture of the given size: jsdom loads no images. */
function stubImages(width: number, height: number) {
  vi.stubGlobal(
    'Image',
    class {
      naturalWidth = width;
      naturalHeight = height;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_: string) {
        queueMicrotask(() => this.onload?.());
      }
    },
  );
}

const drawImage = vi.fn();
const png = new Blob(['png'], { type: 'image/png' });

beforeEach(() => {
  call.mockReset();
  drawImage.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
  // jsdom has no canvas: record what is drawn, answer a png.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage, imageSmoothingQuality: 'low' } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(png));
  useSession.getState().signIn({ ...buildUser(), token: 't' }, { remember: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const choose = (file: File) => fireEvent.change(screen.getByTestId('crop-dialog').querySelector('input[type=file]')!, { target: { files: [file] } });
const picture = (type = 'image/png', bytes = 1000) => new File([new Uint8Array(bytes)], 'me.png', { type });

describe('desktop avatar crop dialog', () => {
  it('uploads a 300x300 png of the area the member chose, then saves it as the avatar', async () => {
    stubImages(800, 600);
    const user = buildUser();
    call.mockImplementation(async (definition: unknown) => {
      if (definition === avatarUpload) return { url: '/uploads/avatar/new.png' };
      if (definition === profileUpdate) return { ...user, avatar: '/uploads/avatar/new.png' };
      throw new Error('unexpected call');
    });
    await renderDesktop(<AvatarCropDialog open onClose={() => {}} />);
    choose(picture());
    fireEvent.click(await screen.findByRole('button', { name: 'drag the square' }));
    fireEvent.click(screen.getByRole('button', { name: /Upload/ }));

    expect(await screen.findByText('Your avatar has been changed')).toBeTruthy();
    const side = LIMITS.avatarSide;
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), CHOSEN.x, CHOSEN.y, CHOSEN.width, CHOSEN.height, 0, 0, side, side);
    expect(call).toHaveBeenCalledWith(avatarUpload, { img: png });
    expect(call).toHaveBeenCalledWith(profileUpdate, { avatar: '/uploads/avatar/new.png', email: user.email, sex: user.sex, birthday: user.birthday });
    expect(useSession.getState().user?.avatar).toBe('/uploads/avatar/new.png');
  });

  it('crops the largest centred square when the member does not move it', async () => {
    stubImages(800, 600);
    call.mockImplementation(async (definition: unknown) => (definition === avatarUpload ? { url: '/a.png' } : buildUser({ avatar: '/a.png' })));
    await renderDesktop(<AvatarCropDialog open onClose={() => {}} />);
    choose(picture());
    await screen.findByRole('button', { name: 'drag the square' });
    fireEvent.click(screen.getByRole('button', { name: /Upload/ }));
    await waitFor(() => expect(drawImage).toHaveBeenCalled());
    expect(drawImage.mock.calls[0]!.slice(1, 5)).toEqual([100, 0, 600, 600]);
  });

  it('refuses what is not a picture, too large or too small, before any upload', async () => {
    await renderDesktop(<AvatarCropDialog open onClose={() => {}} />);
    choose(picture('application/pdf'));
    expect(await screen.findByText('Only images can be uploaded (gif, jpg, png)')).toBeTruthy();
    choose(picture('image/png', LIMITS.avatarMaxBytes + 1));
    expect(await screen.findByText(/The image is too large/)).toBeTruthy();
    stubImages(LIMITS.avatarMinSide - 1, 800);
    choose(picture());
    expect(await screen.findByText('The image is too small (300*300)')).toBeTruthy();
    expect(screen.getByTestId('crop-dialog').dataset.step).toBe('1');
    expect(call).not.toHaveBeenCalled();
  });
});
