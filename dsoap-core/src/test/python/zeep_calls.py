"""zeep (a SOAP client nobody here wrote) calling an echo service at argv[1] ('?wsdl' appended): the Axis2 POJO
test service (argv[4] = axis2) or the CXF test endpoint (argv[4] = cxf). Used by the hosts' ZeepIT tests.

Prints one line per call: the operation, the message number, and the answer (doubles as the hex of their
bits, so that -0.0 and NaN count; strings as JSON), or 'fault: ...'. The values are generated from a fixed
seed (argv[2]), so two runs against two servers print the same lines when the servers answer alike.

Options, after the four arguments (the hosts' features tests use them):
  --values FILE  instead of the seeded mix, argv[3] calls of the host's double echo (cxf: echoDoubles, axis2:
                 echo) with the values of FILE, one call a line, each value the hex of its bits; the script
                 compares each answer with what it sent, bit for bit, and prints '<op> <n> same <count>' or
                 '<op> <n> differs: ...'. zeep writes a float with str(), which gives 'nan' and 'inf' (not
                 xsd:double); NaN and the infinities go as the strings 'NaN', 'INF' and '-INF', which zeep's
                 double type takes as they are.
  --wsa          zeep's WS-Addressing plugin (zeep.wsa.WsAddressingPlugin) on the client. zeep applies that plugin
                 itself to operations whose WSDL names a wsa action (Axis2's do); on those it is not applied twice,
                 which would put two wsa:MessageID blocks in a request.
  --wire         after each call, a line 'wire <op> <n> <Content-Encoding of the answer or -> <wsa:MessageID
                 blocks of the request> <its wsa:MessageID or -> <the answer's wsa:RelatesTo or -> <the local
                 names of the answer's header blocks, comma-separated, or ->', from a plugin that sees the envelope zeep sends and the one it got with the answer's HTTP headers.
"""
import argparse
import json
import random
import struct
import sys

import zeep
from lxml import etree
from zeep import ns
from zeep.exceptions import Fault
from zeep.plugins import Plugin
from zeep.wsa import WsAddressingPlugin

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


class Addressing(WsAddressingPlugin):
    """zeep's WS-Addressing plugin, not applied to a request zeep has already addressed (by the WSDL's wsa action)."""

    def egress(self, envelope, http_headers, operation, binding_options):
        if next(envelope.iter("{%s}MessageID" % ns.WSA), None) is not None:
            return envelope, http_headers
        return super().egress(envelope, http_headers, operation, binding_options)


class Wire(Plugin):
    """What went and came back per call: the request's wsa:MessageID blocks, the answer's Content-Encoding and RelatesTo."""

    def __init__(self):
        self.sent = []
        self.encoding = None
        self.relates = None
        self.blocks = []

    def egress(self, envelope, http_headers, operation, binding_options):
        self.sent = [e.text for e in envelope.iter("{%s}MessageID" % ns.WSA)]
        self.encoding = None
        self.relates = None
        return envelope, http_headers

    def ingress(self, envelope, http_headers, operation):
        self.encoding = http_headers.get("Content-Encoding")
        relates = [e.text for e in envelope.iter("{%s}RelatesTo" % ns.WSA)]
        self.relates = relates[0] if relates else None
        self.blocks = [etree.QName(b).localname for h in envelope if etree.QName(h).localname == "Header"
                       for b in h if isinstance(b.tag, str)]
        return envelope, http_headers

    def line(self, op, msg):
        return "wire %s %d %s %d %s %s %s" % (op, msg, self.encoding or "-", len(self.sent),
                                              self.sent[0] if self.sent else "-", self.relates or "-",
                                              ",".join(self.blocks) or "-")


def lexical(b):
    """The value whose bits are b, as zeep should send it: a float, or the xsd:double string of NaN and the infinities."""
    d = struct.unpack(">d", struct.pack(">Q", b))[0]
    if d != d:
        return "NaN"
    if d in (float("inf"), float("-inf")):
        return "INF" if d > 0 else "-INF"
    return d


def echo_values(client, args, wire):
    op = "echo" if args.host == "axis2" else "echoDoubles"
    with open(args.values) as f:
        rows = [[int(h, 16) for h in line.split()] for line in f if line.strip()]
    if len(rows) != args.calls:
        raise SystemExit("%s holds %d calls, not %d" % (args.values, len(rows), args.calls))
    for msg, sent in enumerate(rows):
        try:
            answer = getattr(client.service, op)([lexical(b) for b in sent])
        except Fault as f:
            print(op, msg, "fault:", f.message)
            continue
        got = [bits(a) for a in (answer or [])]
        if got == sent:
            print(op, msg, "same", len(got))
        else:
            i = next((i for i in range(min(len(got), len(sent))) if got[i] != sent[i]), min(len(got), len(sent)))
            print(op, msg, "differs: %d values sent, %d back; item %d sent %s got %s" % (
                len(sent), len(got), i, "%x" % sent[i] if i < len(sent) else "-", "%x" % got[i] if i < len(got) else "-"))
        if wire:
            print(wire.line(op, msg))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("address")
    p.add_argument("seed", type=int)
    p.add_argument("calls", type=int)
    p.add_argument("host", choices=["axis2", "cxf"])
    p.add_argument("--values")
    p.add_argument("--wsa", action="store_true")
    p.add_argument("--wire", action="store_true")
    args = p.parse_args()
    wire = Wire() if args.wire else None
    plugins = ([Addressing()] if args.wsa else []) + ([wire] if wire else [])
    client = zeep.Client(args.address + "?wsdl", plugins=plugins)
    first = "echo" if args.host == "axis2" else "echoDoubles"
    print("# request:", etree.tostring(client.create_message(client.service, first, [1.5]), encoding="unicode"))
    if args.values:
        echo_values(client, args, wire)
        sys.stdout.flush()
        return
    r = random.Random(args.seed)
    calls = args.calls
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
        if args.host == "axis2":
            calls_now = (("echo", (list(v),)), ("scale", (list(v), value(r))),
                         ("hello", (r.choice(STRINGS), r.randrange(-50000, 50000))), ("echoStrings", (list(strings),)))
        else:
            ints = [r.randrange(-2**31, 2**31) for _ in range(r.randrange(1, 40))]
            calls_now = (("echoDoubles", (list(v),)), ("sum", (list(v), value(r))),
                         ("echoInts", (ints,)), ("echoStrings", (list(strings),)))
        for op, call_args in calls_now:
            try:
                answer = getattr(client.service, op)(*call_args)
                print(op, msg, show(answer))
            except Fault as f:
                print(op, msg, "fault:", f.message)
            if wire:
                print(wire.line(op, msg))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
