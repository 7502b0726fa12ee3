// The short tone a new share makes (Settings: counterSound). Made with WebAudio, so there is no sound file to ship or
// load under the page's CSP: a soft two-note chime, quiet enough not to startle a waiting room.
let context: AudioContext | undefined;

export function playShareTone(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 660],
      [0.14, 880],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.08, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.22);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.25);
    }
  } catch {
    // No audio device, or the browser refused: the board still shows the share, which is what matters.
  }
}
