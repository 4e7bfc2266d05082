// The files of the photo tests: what a phone writes into a picture it takes (its camera and the
// place, which the service must strip), and files that are no picture it takes.
import sharp from "sharp";

/** The EXIF a phone writes: its make and model, and the GPS position of the picture. */
export const PHONE_EXIF = {
  IFD0: { Make: "PhoneMaker", Model: "FieldPhone 7" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "50/1 51/1 1234/100",
    GPSLongitudeRef: "E",
    GPSLongitude: "4/1 21/1 0/1",
  },
};

/** A text file (`text`), an empty one, an SVG and a JPEG cut in the middle of its pixels. */
export async function notPictures(text: string): Promise<Uint8Array[]> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
    .jpeg()
    .toBuffer();
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );
  return [Buffer.from(text), new Uint8Array(), svg, jpeg.subarray(0, jpeg.length / 2)];
}
