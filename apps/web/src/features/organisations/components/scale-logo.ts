import { fitInBox, type LogoBox } from '@groeipad/core';

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable image'));
    };
    image.src = url;
  });
}

/**
 * Draws an uploaded .jpg/.png/.svg into a canvas that fits `box` (core's fitInBox keeps the aspect
 * ratio and never enlarges) and returns it as a PNG data URL, the form the API stores.
 */
export async function scaleLogo(file: File, box: LogoBox): Promise<string> {
  const image = await loadImage(file);
  // An SVG without intrinsic size reports 0: treat it as the box itself.
  const source = {
    width: image.naturalWidth || box.width,
    height: image.naturalHeight || box.height,
  };
  const size = fitInBox(source, box);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/png');
}
