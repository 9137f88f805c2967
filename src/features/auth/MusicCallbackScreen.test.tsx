import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MusicCallbackScreen, musicServiceName } from './MusicCallbackScreen.tsx';

describe('MusicCallbackScreen', () => {
  it('says which service it is connecting to', () => {
    render(<MusicCallbackScreen service="spotify" />);
    expect(screen.getByRole('heading', { name: 'Connecting to Spotify...' })).toBeVisible();
    expect(screen.getByText('Please wait while we complete the connection.')).toBeVisible();
  });

  it('names the services from the path readably', () => {
    expect(musicServiceName('apple-music')).toBe('Apple Music');
    expect(musicServiceName('SPOTIFY')).toBe('Spotify');
    expect(musicServiceName('deezer_music')).toBe('Deezer Music');
  });
});
