/**
 * A short two-note chime for a new message, synthesised with Web Audio so no sound file ships.
 * Browsers block audio until the page had a user gesture; a blocked chime is simply skipped.
 */
let audio: AudioContext | null = null;
let lastPlayed = 0;

export function playMessageSound(): void {
  const now = Date.now();
  // A burst of messages (a catch-up) chimes once.
  if (now - lastPlayed < 800) return;
  lastPlayed = now;
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, start + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.12 + 0.18);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + i * 0.12);
      osc.stop(start + i * 0.12 + 0.2);
    }
  } catch {
    // No audio device or API: the unread badge still tells the member.
  }
}
