"""Colour differences as a person sees them: CIEDE2000 between colours the browser computed.

A contrast ratio compares lightness only; two pralines of one lightness (brown on a brown
plate) can pass it and still melt together. CIEDE2000 (CIE 142-2001) weighs lightness,
chroma and hue as the eye does; a difference above about 10 reads as another colour at a glance.
"""

from __future__ import annotations

import math
import re

RGB = tuple[float, float, float]


def parse(colour: str) -> tuple[RGB, float]:
    """A CSS ``rgb()``/``rgba()`` colour as the browser computes it: its channels and its alpha."""
    values = [float(part) for part in re.findall(r"[\d.]+", colour)]
    alpha = values[3] if len(values) > 3 else 1.0
    return (values[0], values[1], values[2]), alpha


def over(colour: RGB, background: RGB, alpha: float) -> RGB:
    """``colour`` laid at opacity ``alpha`` over ``background``."""
    return (
        alpha * colour[0] + (1 - alpha) * background[0],
        alpha * colour[1] + (1 - alpha) * background[1],
        alpha * colour[2] + (1 - alpha) * background[2],
    )


def lab(colour: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""

    def linear(channel: float) -> float:
        channel /= 255
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in colour)
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(first: RGB, second: RGB) -> float:
    """CIEDE2000 difference between two sRGB colours."""
    return delta_e_lab(lab(first), lab(second))


def delta_e_lab(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """CIEDE2000 difference between two CIELAB colours."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    chroma_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(chroma_mean**7 / (chroma_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    dh_big = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * c_mean
    sh = 1 + 0.015 * c_mean * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh_big / sh) ** 2 + rt * (dc / sc) * (dh_big / sh))


def luminance(colour: str) -> float:
    """WCAG relative luminance of a CSS rgb()/rgba() colour as the browser computes it."""
    values = [float(part) for part in re.findall(r"[\d.]+", colour)[:3]]

    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(value) for value in values)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    """WCAG 2.1 contrast ratio between two CSS colours."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
