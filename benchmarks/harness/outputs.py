"""Reading and comparing result files (bench::writeOutput's format).

A result file is a sequence of records: the bytes "CBO1", a one-byte type tag
(f float32, d float64, i int32, u uint32, l int64), the element count as a
little-endian uint64, then the elements, little-endian.
"""

import array
import math
import struct
import sys

MAGIC = b"CBO1"
# type tag -> (array typecode, element size, description)
TYPES = {
    "f": ("f", 4, "float32"),
    "d": ("d", 8, "float64"),
    "i": ("i", 4, "int32"),
    "u": ("I", 4, "uint32"),
    "l": ("q", 8, "int64"),
}
# Elements compared byte-for-byte at once before falling back to the
# element-wise tolerance check.
CHUNK = 4096
MAX_REPORTED = 5


class FormatError(Exception):
    pass


class Record:
    def __init__(self, tag, count, data):
        self.tag = tag
        self.count = count
        self.data = data  # raw little-endian bytes

    def values(self, start=0, stop=None):
        typecode, size, _ = TYPES[self.tag]
        stop = self.count if stop is None else stop
        values = array.array(typecode)
        values.frombytes(self.data[start * size:stop * size])
        if sys.byteorder != "little":
            values.byteswap()
        return values


def read_records(path):
    with open(path, "rb") as file:
        blob = file.read()
    records = []
    offset = 0
    while offset < len(blob):
        if blob[offset:offset + 4] != MAGIC:
            raise FormatError("record %d at byte %d does not start with CBO1" % (len(records), offset))
        if offset + 13 > len(blob):
            raise FormatError("record %d: truncated header" % len(records))
        tag = chr(blob[offset + 4])
        if tag not in TYPES:
            raise FormatError("record %d: unknown type tag %r" % (len(records), tag))
        (count,) = struct.unpack_from("<Q", blob, offset + 5)
        size = TYPES[tag][1]
        start = offset + 13
        end = start + count * size
        if end > len(blob):
            raise FormatError("record %d: %d elements announced, file too short" % (len(records), count))
        records.append(Record(tag, count, blob[start:end]))
        offset = end
    if not records:
        raise FormatError("empty result file")
    return records


def _format_value(value, tag):
    if tag == "f":
        return "%.9g" % value
    if tag == "d":
        return "%.17g" % value
    return str(value)


def _mismatch(a, b, rtol, atol):
    """True when `a` (tested) differs from `b` (reference) beyond tolerance."""
    if a == b:
        return False
    if isinstance(a, float) or isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return not (math.isnan(a) and math.isnan(b))
        if math.isinf(a) or math.isinf(b):
            return True  # equal infinities were caught by a == b
    return not abs(a - b) <= atol + rtol * abs(b)


def compare_files(tested_path, reference_path, rtol, atol):
    """Compares two result files. Returns None when they match, else a short
    description of the first differences."""
    try:
        reference = read_records(reference_path)
    except (OSError, FormatError) as error:
        return "reference output unreadable: %s" % error
    try:
        tested = read_records(tested_path)
    except OSError:
        return "no output written"
    except FormatError as error:
        return "output unreadable: %s" % error
    if len(tested) != len(reference):
        return "%d output arrays, the reference has %d" % (len(tested), len(reference))
    problems = []
    for index, (t, r) in enumerate(zip(tested, reference)):
        where = "array %d: " % index if len(reference) > 1 else ""
        if t.tag != r.tag:
            problems.append("%selement type %s, the reference has %s"
                            % (where, TYPES[t.tag][2], TYPES[r.tag][2]))
            continue
        if t.count != r.count:
            problems.append("%s%d elements, the reference has %d" % (where, t.count, r.count))
            continue
        if t.data == r.data:
            continue
        differing = []
        total = 0
        size = TYPES[t.tag][1]
        for start in range(0, t.count, CHUNK):
            stop = min(t.count, start + CHUNK)
            if t.data[start * size:stop * size] == r.data[start * size:stop * size]:
                continue
            for offset, (a, b) in enumerate(zip(t.values(start, stop), r.values(start, stop))):
                if _mismatch(a, b, rtol, atol):
                    total += 1
                    if len(differing) < MAX_REPORTED:
                        differing.append("[%d] %s vs %s" % (start + offset, _format_value(a, t.tag), _format_value(b, t.tag)))
        if total:
            problems.append("%s%d of %d elements differ (got vs reference): %s%s"
                            % (where, total, t.count, ", ".join(differing),
                               ", ..." if total > len(differing) else ""))
    return "; ".join(problems) if problems else None
