#!/usr/bin/env python3
"""Generates the SDLRPC models from the SDL RPC spec (MOBILE_API.xml).

Usage:
    scripts/generate-rpc.py            # rewrite Sources/SDLRPC/Generated/ from spec/MOBILE_API.xml
    scripts/generate-rpc.py --check    # exit 1 if the committed files differ from what would be generated

To add an RPC, add its name to FUNCTIONS below and run the script: every message type the spec defines for that
name (request and response, or notification) is generated, with the structs and enums its parameters reach.
Standard library only, so it runs wherever Python 3 does. See docs/rpc.md.
"""

from __future__ import annotations

import argparse
import difflib
import pathlib
import re
import sys
import textwrap
import xml.etree.ElementTree as ET

# The RPCs the package speaks. One line per function name as the spec spells it.
FUNCTIONS = [
    "RegisterAppInterface",
    "UnregisterAppInterface",
    "GenericResponse",
    "GetSystemCapability",
    "SendHapticData",
    "OnHMIStatus",
    "OnAppInterfaceUnregistered",
    "OnPermissionsChange",
    "OnTouchEvent",
    "OnSystemCapabilityUpdated",
    "OnAppCapabilityUpdated",
    "OnDriverDistraction",
    "OnSystemRequest",
    "OnHashChange",
    "OnLanguageChange",
    "SubscribeVehicleData",
    "GetVehicleData",
    "OnVehicleData",
    "SetGlobalProperties",
    "PerformInteraction",
    "OnKeyboardInput",
    "SubscribeButton",
    "UnsubscribeButton",
    "OnButtonEvent",
    "OnButtonPress",
]

ROOT = pathlib.Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec" / "MOBILE_API.xml"
OUTPUT = ROOT / "Sources" / "SDLRPC" / "Generated"

# Spec type names that would clash with Swift or read badly; everything else keeps its spec name.
TYPE_RENAMES = {"Result": "ResultCode"}
PRIMITIVES = {"Integer": "Int", "Float": "Double", "Boolean": "Bool", "String": "String"}
MESSAGE_PROTOCOLS = {"request": "RPCRequest", "response": "RPCResponse", "notification": "RPCNotification"}

SWIFT_KEYWORDS = {
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
}

LINE_WIDTH = 120


class SpecError(Exception):
    """The spec has something this generator does not know how to model."""


# --- names ------------------------------------------------------------------------------------------------------


def lower_first(word: str) -> str:
    """`HMILevel` -> `hmiLevel`, `SamplingRate` -> `samplingRate`, `VP8` -> `vp8`."""
    if not word or word.upper() == word:
        return word.lower()
    run = len(word) - len(word.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    if run <= 1:
        return word[:1].lower() + word[1:]
    # Keep the last capital of a run when a lowercase letter follows it: it starts the next word.
    return word[: run - 1].lower() + word[run - 1 :]


def camel_from_constant(name: str, enum_name: str) -> str:
    """Spec element name -> Swift static name: `UNSUPPORTED_REQUEST` -> `unsupportedRequest`, `EN-US` -> `enUs`.

    Names that would start with a digit (`8KHZ`, `16_BIT`) take the enum's name as a prefix: `samplingRate8khz`.
    """
    flat = re.sub(r"[^A-Za-z0-9_]", "_", name)
    if flat[:1].isdigit():
        flat = enum_name + "_" + flat
    parts = [p for p in flat.split("_") if p]
    if not parts:
        raise SpecError(f"enum {enum_name}: element {name!r} has no usable name")
    out = []
    for i, part in enumerate(parts):
        if part.upper() == part:  # SCREAMING part
            word = part.lower() if i == 0 else part[:1].upper() + part[1:].lower()
        else:  # already mixed case, e.g. `Theora` or an enum name used as a prefix
            word = lower_first(part) if i == 0 else part[:1].upper() + part[1:]
        out.append(word)
    return "".join(out)


def escaped(identifier: str) -> str:
    return f"`{identifier}`" if identifier in SWIFT_KEYWORDS else identifier


def swift_type_name(spec_name: str) -> str:
    return TYPE_RENAMES.get(spec_name, spec_name)


def message_type_name(function: str, message_type: str) -> str:
    if message_type == "response" and not function.endswith("Response"):
        return function + "Response"
    return function


# --- doc comments -----------------------------------------------------------------------------------------------


def description_of(node: ET.Element) -> str:
    desc = node.find("description")
    if desc is None or desc.text is None:
        return ""
    return " ".join(desc.text.split())


def doc_lines(text: str, indent: str) -> list[str]:
    if not text:
        return []
    prefix = indent + "/// "
    return [prefix + line for line in textwrap.wrap(text, LINE_WIDTH - len(prefix), break_on_hyphens=False)]


def param_notes(param: ET.Element) -> str:
    """The spec's constraints, as one sentence for the doc comment. The models do not enforce them."""
    notes = []
    lo, hi = param.get("minvalue"), param.get("maxvalue")
    if lo is not None and hi is not None:
        notes.append(f"Range {lo}...{hi}.")
    elif lo is not None:
        notes.append(f"At least {lo}.")
    elif hi is not None:
        notes.append(f"At most {hi}.")
    if param.get("maxlength"):
        notes.append(f"At most {param.get('maxlength')} characters.")
    if param.get("array") == "true" and param.get("minsize") and param.get("maxsize"):
        notes.append(f"{param.get('minsize')}...{param.get('maxsize')} items.")
    elif param.get("array") == "true" and param.get("maxsize"):
        notes.append(f"At most {param.get('maxsize')} items.")
    elif param.get("array") == "true" and param.get("minsize"):
        notes.append(f"At least {param.get('minsize')} items.")
    if param.get("defvalue") is not None:
        notes.append(f"Head unit default: {param.get('defvalue')}.")
    if param.get("deprecated") == "true":
        notes.append("Deprecated in the spec, still sent by head units.")
    return " ".join(notes)


# --- the spec -------------------------------------------------------------------------------------------------


class Spec:
    def __init__(self, path: pathlib.Path):
        root = ET.parse(path).getroot()
        self.version = root.get("version", "?")
        self.enums = {e.get("name"): e for e in root.findall("enum")}
        self.structs = {s.get("name"): s for s in root.findall("struct")}
        self.functions: dict[str, list[ET.Element]] = {}
        for f in root.findall("function"):
            self.functions.setdefault(f.get("name"), []).append(f)

    def params(self, node: ET.Element) -> list[ET.Element]:
        # Direct children only: <history> holds superseded definitions of the same params.
        return node.findall("param")

    def closure(self, functions: list[str]) -> tuple[list[str], list[str]]:
        """Structs and enums reachable from the functions' params, each list sorted."""
        structs: set[str] = set()
        enums: set[str] = set()

        def visit(type_name: str, owner: str) -> None:
            if type_name in PRIMITIVES:
                return
            if type_name in self.structs:
                if type_name not in structs:
                    structs.add(type_name)
                    for p in self.params(self.structs[type_name]):
                        visit(p.get("type"), type_name)
            elif type_name in self.enums:
                if type_name == "FunctionID":
                    raise SpecError(f"{owner}: params of type FunctionID are not modelled")
                enums.add(type_name)
            else:
                raise SpecError(f"{owner}: unknown type {type_name!r}")

        for name in functions:
            if name not in self.functions:
                raise SpecError(f"no function named {name!r} in the spec")
            for message in self.functions[name]:
                for p in self.params(message):
                    visit(p.get("type"), name)
        return sorted(structs), sorted(enums)


# --- Swift emitters -------------------------------------------------------------------------------------------


def header(spec: Spec) -> list[str]:
    return [
        f"// Generated from MOBILE_API.xml (RPC spec {spec.version}); do not edit. Run scripts/generate-rpc.py.",
        "",
    ]


def property_type(param: ET.Element) -> str:
    spec_type = param.get("type")
    base = PRIMITIVES.get(spec_type, swift_type_name(spec_type))
    return f"[{base}]" if param.get("array") == "true" else base


def is_mandatory(param: ET.Element) -> bool:
    return param.get("mandatory") == "true"


def emit_fields(spec: Spec, type_name: str, params: list[ET.Element], indent: str) -> list[str]:
    """Stored properties plus the public memberwise init, shared by structs and messages."""
    lines: list[str] = []
    seen = set()
    for p in params:
        name = p.get("name")
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or name in seen:
            raise SpecError(f"{type_name}: bad or repeated param name {name!r}")
        seen.add(name)
        text = " ".join(t for t in (description_of(p), param_notes(p)) if t)
        lines += doc_lines(text, indent)
        optional = "" if is_mandatory(p) else "?"
        lines.append(f"{indent}public var {escaped(name)}: {property_type(p)}{optional}")
        lines.append("")

    arguments = []
    for p in params:
        default = "" if is_mandatory(p) else " = nil"
        arguments.append(f"{escaped(p.get('name'))}: {property_type(p)}{'' if is_mandatory(p) else '?'}{default}")
    lines.append(f"{indent}/// Creates a value from its fields; optional fields default to absent.")
    one_line = f"{indent}public init({', '.join(arguments)}) {{"
    if len(one_line) <= LINE_WIDTH:
        lines.append(one_line)
    else:
        lines.append(f"{indent}public init(")
        for i, arg in enumerate(arguments):
            lines.append(f"{indent}    {arg}{',' if i < len(arguments) - 1 else ''}")
        lines.append(f"{indent}) {{")
    for p in params:
        name = escaped(p.get("name"))
        lines.append(f"{indent}    self.{name} = {name}")
    lines.append(f"{indent}}}")
    return lines


def emit_merging(type_name: str, params: list[ET.Element]) -> list[str]:
    """`merging(_:)` for structs whose fields are all optional: the shape of a partial capability update."""
    lines = [
        "",
        f"extension {type_name} {{",
        "    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their",
        "    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.",
        "    ///",
        "    /// ```swift",
        "    /// let current = old.merging(update)",
        "    /// ```",
        f"    public func merging(_ update: {type_name}) -> {type_name} {{",
        f"        {type_name}(",
    ]
    for i, p in enumerate(params):
        name = escaped(p.get("name"))
        comma = "," if i < len(params) - 1 else ""
        line = f"            {name}: update.{name} ?? {name}{comma}"
        if len(line) > LINE_WIDTH:
            lines.append(f"            {name}:")
            line = f"                update.{name} ?? {name}{comma}"
        lines.append(line)
    lines += ["        )", "    }", "}"]
    return lines


def emit_struct(spec: Spec, name: str) -> str:
    node = spec.structs[name]
    params = spec.params(node)
    for p in params:
        if p.get("type") == name and p.get("array") != "true":
            raise SpecError(f"struct {name} contains itself directly; Swift needs indirection for that")
    lines = header(spec)
    lines += doc_lines(description_of(node), "")
    lines.append(f"public struct {swift_type_name(name)}: Codable, Hashable, Sendable {{")
    lines += emit_fields(spec, name, params, "    ")
    lines.append("}")
    if params and not any(is_mandatory(p) for p in params):
        lines += emit_merging(swift_type_name(name), params)
    return "\n".join(lines) + "\n"


def emit_enum(spec: Spec, name: str) -> str:
    node = spec.enums[name]
    type_name = swift_type_name(name)
    lines = header(spec)
    lines += doc_lines(description_of(node), "")
    if description_of(node):
        lines.append("///")
    lines += [
        "/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.",
        "/// Codable comes from `RawRepresentable`: the value travels as its raw string.",
        f"public struct {type_name}: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {{",
        "    /// The value as the spec spells it on the wire.",
        "    public let rawValue: String",
        "",
        "    /// Wraps any raw value, known or not.",
        "    public init(rawValue: String) {",
        "        self.rawValue = rawValue",
        "    }",
        "",
        "    public var description: String { rawValue }",
    ]
    seen: dict[str, str] = {}
    for element in node.findall("element"):
        raw = element.get("name")
        static = camel_from_constant(raw, name)
        if static in seen:
            raise SpecError(f"enum {name}: {raw!r} and {seen[static]!r} both map to {static!r}")
        seen[static] = raw
        lines.append("")
        text = description_of(element)
        if element.get("deprecated") == "true":
            text = (text + " Deprecated in the spec.").strip()
        lines += doc_lines(text, "    ")
        line = f"    public static let {escaped(static)} = {type_name}(rawValue: \"{raw}\")"
        if len(line) > LINE_WIDTH:
            line = f"    public static let {escaped(static)} =\n        {type_name}(rawValue: \"{raw}\")"
        lines.append(line)
    lines.append("}")
    return "\n".join(lines) + "\n"


def function_id_value(spec: Spec, element_name: str) -> str:
    for element in spec.enums["FunctionID"].findall("element"):
        if element.get("name") == element_name and element.get("value") is not None:
            return f"{int(element.get('value'))} (0x{int(element.get('value')):X})"
    raise SpecError(f"no FunctionID element {element_name!r}")


def emit_function(spec: Spec, name: str) -> str:
    lines = header(spec)
    lines.append("public import SDLWire")
    messages = spec.functions[name]
    types = {m.get("messagetype") for m in messages}
    for message in messages:
        kind = message.get("messagetype")
        if kind not in MESSAGE_PROTOCOLS:
            raise SpecError(f"{name}: unknown messagetype {kind!r}")
        type_name = message_type_name(name, kind)
        params = spec.params(message)
        lines.append("")
        lines += doc_lines(description_of(message), "")
        if description_of(message):
            lines.append("///")
        lines.append(f"/// The `{name}` {kind}, function id {function_id_value(spec, message.get('functionID'))}.")
        lines.append(f"public struct {type_name}: {MESSAGE_PROTOCOLS[kind]}, Hashable {{")
        if kind == "request":
            if "response" not in types:
                raise SpecError(f"{name}: request without a response")
            lines.append(f"    public typealias Response = {message_type_name(name, 'response')}")
            lines.append("")
        lines.append(f"    public static let functionID = FunctionID.{lower_first(name)}")
        lines.append("")
        lines += emit_fields(spec, type_name, params, "    ")
        lines.append("}")
    return "\n".join(lines) + "\n"


def emit_function_ids(spec: Spec) -> str:
    node = spec.enums["FunctionID"]
    entries = []
    for element in node.findall("element"):
        raw = element.get("name")
        value = element.get("value")
        if value is None:
            raise SpecError(f"FunctionID {raw} has no value")
        name = raw[:-2] if raw.endswith("ID") else raw
        entries.append((name, camel_from_constant(name, "FunctionID") if name.upper() == name else lower_first(name),
                        int(value)))
    statics = {s for _, s, _ in entries}
    if len(statics) != len(entries) or len({v for _, _, v in entries}) != len(entries):
        raise SpecError("FunctionID has repeated names or values")

    lines = header(spec)
    lines += [
        "public import SDLWire",
        "",
        "/// Every function id the spec names, so logs can name any function, even those without a model here.",
        "extension FunctionID {",
    ]
    for name, static, value in entries:
        lines.append(f"    /// `{name}` (0x{value:X}).")
        lines.append(f"    public static let {escaped(static)} = FunctionID(rawValue: {value})")
    lines += [
        "",
        "    /// The spec's name for this id without the `ID` suffix (`\"OnHMIStatus\"`), or nil for an unknown id.",
        "    ///",
        "    /// ```swift",
        "    /// FunctionID(rawValue: 0x8000).name   // \"OnHMIStatus\"",
        "    /// ```",
        "    public var name: String? {",
        "        switch rawValue {",
    ]
    for name, _, value in entries:
        lines.append(f"        case {value}: \"{name}\"")
    lines += ["        default: nil", "        }", "    }"]
    lines += [
        "",
        "    /// The id the spec gives this name without the `ID` suffix, or nil for a name the spec does not have.",
        "    ///",
        "    /// ```swift",
        "    /// FunctionID(name: \"OnHMIStatus\")   // FunctionID(rawValue: 0x8000)",
        "    /// ```",
        "    public init?(name: String) {",
        "        switch name {",
    ]
    for name, _, value in entries:
        lines.append(f"        case \"{name}\": self.init(rawValue: {value})")
    lines += ["        default: return nil", "        }", "    }", "}"]
    return "\n".join(lines) + "\n"


def generate(spec: Spec) -> dict[str, str]:
    """Relative path under Generated/ -> file contents."""
    structs, enums = spec.closure(FUNCTIONS)
    files = {"FunctionID+Names.swift": emit_function_ids(spec)}
    for name in structs:
        files[f"Structs/{swift_type_name(name)}.swift"] = emit_struct(spec, name)
    for name in enums:
        files[f"Enums/{swift_type_name(name)}.swift"] = emit_enum(spec, name)
    for name in FUNCTIONS:
        files[f"Functions/{name}.swift"] = emit_function(spec, name)
    if len({pathlib.PurePath(p).name for p in files}) != len(files):
        raise SpecError("two generated files share a file name, which SwiftPM rejects")
    return files


def existing_files() -> dict[str, str]:
    if not OUTPUT.exists():
        return {}
    return {str(p.relative_to(OUTPUT)): p.read_text() for p in sorted(OUTPUT.rglob("*.swift"))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed output, change nothing")
    parser.add_argument("--spec", type=pathlib.Path, default=SPEC, help="MOBILE_API.xml to read")
    args = parser.parse_args()

    try:
        files = generate(Spec(args.spec))
    except (SpecError, ET.ParseError, OSError) as error:
        print(f"generate-rpc: {error}", file=sys.stderr)
        return 2

    current = existing_files()
    stale = sorted(set(current) - set(files))
    changed = sorted(p for p in files if current.get(p) != files[p])

    if args.check:
        for path in changed:
            diff = difflib.unified_diff(
                current.get(path, "").splitlines(keepends=True), files[path].splitlines(keepends=True),
                fromfile=f"committed/{path}", tofile=f"generated/{path}",
            )
            sys.stdout.writelines(list(diff)[:40])
        for path in stale:
            print(f"stale file, the generator no longer writes it: {path}")
        if changed or stale:
            print(f"generate-rpc: {len(changed)} changed, {len(stale)} stale; run scripts/generate-rpc.py",
                  file=sys.stderr)
            return 1
        print(f"generate-rpc: {len(files)} files up to date")
        return 0

    for path in stale:
        (OUTPUT / path).unlink()
    for path in changed:
        target = OUTPUT / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(files[path])
    lines = sum(text.count("\n") for text in files.values())
    print(f"generate-rpc: {len(files)} files ({len(changed)} written, {len(stale)} removed), {lines} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
