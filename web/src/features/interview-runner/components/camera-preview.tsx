/** The candidate's live camera, muted (the check screen, the practice round and each take). */
export const CameraPreview = ({ stream, className }: { stream: MediaStream | null; className: string }) => (
  <video
    ref={(el) => {
      if (el && el.srcObject !== stream) el.srcObject = stream;
    }}
    autoPlay
    muted
    playsInline
    aria-label="Camera preview"
    className={className}
  />
);
