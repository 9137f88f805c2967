"""Reads an iCalendar file on stdin with two parsers nobody here wrote and prints what each saw.

Used by contract/icalendar.parsers.test.ts: our calendar files must read the same in the C
library most Linux calendar software uses (libical 3, Debian's libical3, through ctypes) and in
the Python one (Debian's python3-icalendar). Output, one JSON object:
  {"libical": {"errors": [...], "events": n},
   "icalendar": {"errors": [...], "events": [{"uid", "summary", "start", "location", ...}]}}
libical reports what it could not accept as X-LIC-ERROR properties on the parsed component;
icalendar keeps them in each component's `errors`. Neither raises on a malformed line.
"""

import ctypes
import ctypes.util
import json
import sys
from datetime import datetime, timezone

import icalendar


def libical_view(text: bytes) -> dict:
    name = ctypes.util.find_library("ical")
    if name is None:
        raise SystemExit("libical is not installed (Debian package libical3)")
    lib = ctypes.CDLL(name)
    lib.icalparser_parse_string.restype = ctypes.c_void_p
    lib.icalparser_parse_string.argtypes = [ctypes.c_char_p]
    lib.icalcomponent_as_ical_string_r.restype = ctypes.c_void_p
    lib.icalcomponent_as_ical_string_r.argtypes = [ctypes.c_void_p]
    lib.icalcomponent_free.argtypes = [ctypes.c_void_p]
    lib.icalmemory_free_buffer.argtypes = [ctypes.c_void_p]

    component = lib.icalparser_parse_string(text)
    if not component:
        return {"errors": ["libical parsed nothing"], "events": 0}
    buffer = lib.icalcomponent_as_ical_string_r(component)
    written = ctypes.string_at(buffer).decode("utf-8")
    lib.icalmemory_free_buffer(buffer)
    lib.icalcomponent_free(component)
    # Unfold before reading: an error message may be long enough to be folded.
    lines = written.replace("\r\n ", "").split("\r\n")
    return {
        "errors": [line for line in lines if line.startswith("X-LIC-ERROR")],
        "events": sum(1 for line in lines if line == "BEGIN:VEVENT"),
    }


def icalendar_view(text: bytes) -> dict:
    calendar = icalendar.Calendar.from_ical(text)
    errors = []
    events = []
    for component in calendar.walk():
        errors.extend(f"{component.name}: {error}" for error in component.errors)
        if component.name != "VEVENT":
            continue
        start = component.decoded("DTSTART")
        events.append(
            {
                "uid": str(component.get("UID")),
                "summary": str(component.get("SUMMARY")),
                # An instant as UTC ISO text, or a date for an all-day event.
                "start": start.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                if isinstance(start, datetime) and start.tzinfo is not None
                else start.isoformat(),
                "location": str(component.get("LOCATION", "")),
                "hasDescription": "DESCRIPTION" in component,
            }
        )
    return {"errors": errors, "events": events}


def main() -> None:
    text = sys.stdin.buffer.read()
    print(json.dumps({"libical": libical_view(text), "icalendar": icalendar_view(text)}))


if __name__ == "__main__":
    main()
