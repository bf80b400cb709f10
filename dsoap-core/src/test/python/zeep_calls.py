"""zeep (a SOAP client nobody here wrote) calling an echo service at argv[1] ('?wsdl' appended): the Axis2 POJO
test service (argv[4] = axis2) or the CXF test endpoint (argv[4] = cxf). Used by the hosts' ZeepIT tests.

Prints one line per call: the operation, the message number, and the answer (doubles as the hex of their
bits, so that -0.0 and NaN count; strings as JSON), or 'fault: ...'. The values are generated from a fixed
seed (argv[2]), so two runs against two servers print the same lines when the servers answer alike.
"""
import json
import random
import struct
import sys

import zeep
from zeep.exceptions import Fault

EDGE = [-0.0, 0.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308,
        1e-300, -1.5, 0.1, 1.0 / 3]
STRINGS = ["", "plain", "&<>\"'", "tab\there", "grüße €", "𝄞 clef", "中文", "]]>", "a&amp;b"]


def bits(d):
    return struct.unpack(">q", struct.pack(">d", d))[0] & 0xFFFFFFFFFFFFFFFF


def value(r):
    k = r.randrange(5)
    if k == 0:
        return r.choice(EDGE)
    if k == 1:
        return float(r.randrange(1000))
    return round(r.random() * 1e6) / 1e3


def show(answer):
    if answer is None:
        return "null"
    if isinstance(answer, list):
        return "[" + " ".join(show(a) for a in answer) + "]"
    if isinstance(answer, float):
        return "%x" % bits(answer)
    return json.dumps(answer)


def main():
    client = zeep.Client(sys.argv[1] + "?wsdl")
    from lxml import etree
    first = "echo" if sys.argv[4] == "axis2" else "echoDoubles"
    print("# request:", etree.tostring(client.create_message(client.service, first, [1.5]), encoding="unicode"))
    r = random.Random(int(sys.argv[2]))
    calls = int(sys.argv[3])
    v = [value(r) for _ in range(200)]
    strings = []
    for msg in range(calls):
        for i in range(len(v)):
            if r.randrange(100) < 8:
                v[i] = value(r)
        if msg % 17 == 5:
            v = v[: max(0, len(v) + r.randrange(9) - 4)] or [1.0]
        if r.randrange(4) == 0:
            strings = [r.choice(STRINGS) + str(r.randrange(10)) for _ in range(r.randrange(6))]
        if sys.argv[4] == "axis2":
            calls_now = (("echo", (list(v),)), ("scale", (list(v), value(r))),
                         ("hello", (r.choice(STRINGS), r.randrange(-50000, 50000))), ("echoStrings", (list(strings),)))
        else:
            ints = [r.randrange(-2**31, 2**31) for _ in range(r.randrange(1, 40))]
            calls_now = (("echoDoubles", (list(v),)), ("sum", (list(v), value(r))),
                         ("echoInts", (ints,)), ("echoStrings", (list(strings),)))
        for op, args in calls_now:
            try:
                answer = getattr(client.service, op)(*args)
                print(op, msg, show(answer))
            except Fault as f:
                print(op, msg, "fault:", f.message)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
