/** The candidate's live camera, muted (the check screen, the practice round and each take). `onVideo`: its element (a take's first frame is drawn from it). */
export const CameraPreview = ({
  stream,
  className,
  onVideo,
}: {
  stream: MediaStream | null;
  className: string;
  onVideo?: (video: HTMLVideoElement | null) => void;
}) => (
  <video
    ref={(el) => {
      if (el && el.srcObject !== stream) el.srcObject = stream;
      onVideo?.(el);
    }}
    autoPlay
    muted
    playsInline
    aria-label="Camera preview"
    className={className}
  />
);
