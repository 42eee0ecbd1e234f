#!/usr/bin/env python3
"""Prints what a PNG (8-bit RGB or RGBA, as Chromium's screenshots are) shows, as one JSON
object: its size, how many distinct colours it has, its most common colour and the share of
pixels of any other colour. The browser tests use it to tell a drawn page from a blank one.

    tools/png-stats.py screenshot.png
    {"width": 1000, "height": 1400, "colours": 5321, "background": [255, 255, 255], "drawnShare": 0.083}

Standard library only (zlib): no imaging package to install.
"""
import json
import struct
import sys
import zlib
from collections import Counter


def read_png(path):
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    offset, idat, header = 8, [], None
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        offset += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA, not interlaced (got depth {depth}, type {colour_type})")
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - upper_left
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - upper_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    width, height, channels, rows = read_png(sys.argv[1])
    counts = Counter()
    for row in rows:
        for x in range(0, width * channels, channels):
            counts[row[x:x + 3]] += 1
    background, background_count = counts.most_common(1)[0]
    print(json.dumps({
        "width": width, "height": height, "colours": len(counts), "background": list(background),
        "drawnShare": round(1 - background_count / (width * height), 4),
    }))


if __name__ == "__main__":
    main()
