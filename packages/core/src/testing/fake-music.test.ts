import { describe, expect, it } from 'vitest';
import { FakeMusic } from './fake-music';

const TRACK = 'spotify:track:4uLU6hMCjMI75M1A2tKUQC';

describe('FakeMusic as a speaker', () => {
  it('tells what plays where, and answers the player from it unless a test set one', async () => {
    const music = new FakeMusic();
    await expect(music.getPlayer('t')).resolves.toBeUndefined();
    await music.play('t', { uris: [TRACK], deviceId: 'device-laptop', positionMs: 12_000 });
    expect(music.playback).toEqual({ deviceId: 'device-laptop', uris: [TRACK], positionMs: 12_000, isPlaying: true });
    await music.pause('t', 'device-laptop');
    await expect(music.getPlayer('t')).resolves.toMatchObject({ is_playing: false, progress_ms: 12_000, device: { id: 'device-laptop', is_active: true }, item: { uri: TRACK } });
    music.player = { is_playing: true };
    await expect(music.getPlayer('t')).resolves.toEqual({ is_playing: true });
  });

  it('refuses commands as Spotify does: a device unplugged (404), no active device (404), a pause while paused (403)', async () => {
    const music = new FakeMusic().unplug('device-bar');
    await expect(music.play('t', { uris: [TRACK], deviceId: 'device-bar' })).rejects.toMatchObject({ statusCode: 404, message: 'Spotify a refusé la requête (404) : Device not found.' });
    await expect(music.play('t', { uris: [TRACK] })).rejects.toMatchObject({ statusCode: 404, message: expect.stringContaining('No active device found') });
    await expect(music.pause('t', 'device-laptop')).rejects.toMatchObject({ statusCode: 403 });
    await expect(music.getDevices('t')).resolves.toEqual([expect.objectContaining({ id: 'device-laptop' })]);
  });
});
