import { useEffect, useId, useState } from 'react';

/** 0–100 from a frame of samples around 128 (silence): the peak's distance from the middle. */
export const levelOf = (samples: Uint8Array) => {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
  return Math.min(100, Math.round((peak / 128) * 100));
};

/**
 * A live microphone level for the camera and microphone check, so candidates see their voice
 * arrive before they answer, and in place of the camera on an audio-only take's stage (issue 39).
 * Reads the stream through an AnalyserNode; nothing is recorded.
 */
export const MicLevel = ({
  stream,
  label = 'Microphone: say a few words and watch the bar move.',
  className = 'ir-stack ir-stack--tight',
}: {
  stream: MediaStream;
  /** The meter's name and hint (an audio take's stage says it records audio only). */
  label?: string;
  className?: string;
}) => {
  const [level, setLevel] = useState(0);
  const labelId = useId();
  useEffect(() => {
    if (stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      setLevel(levelOf(samples));
      frame = requestAnimationFrame(tick);
    };
    void context.resume().then(tick);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
    };
  }, [stream]);
  return (
    <div className={className}>
      <p className="ir-small" id={labelId}>
        {label}
      </p>
      <div role="meter" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={level} className="ir-meter">
        <div className={level > 5 ? 'ir-meter__bar ir-meter__bar--live' : 'ir-meter__bar'} style={{ width: `${level}%` }} />
      </div>
    </div>
  );
};
