/** 8-bit RGBA pixels, row-major, top-left origin: what the detector reads (a decoded image's raster is one). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A face found in an image: box in pixels (half-open), score 0..1, six key points (eyes, nose, mouth, ears). */
export interface FaceBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  score: number;
  keypoints: Array<[number, number]>;
}

/** Raw outputs of one BlazeFace run: sigmoid logits and 16 regressors per anchor, per layer. */
export interface BlazeFaceOutput {
  scores: readonly [Float32Array, Float32Array];
  boxes: readonly [Float32Array, Float32Array];
}

/** A BlazeFace network: NHWC float input of `inputSize`² × 3 in [-1, 1]. */
export interface FaceNet {
  readonly inputSize: number;
  run(input: Float32Array): Promise<BlazeFaceOutput>;
}
