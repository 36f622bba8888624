#!/usr/bin/env python3
"""Holds catalogue files to docs/schema/catalogue.schema.json (JSON Schema 2020-12).

  catalogue_schema_check.py DIR

- The schema itself is a valid 2020-12 schema.
- Every file of the catalogue in DIR validates against the definition named after it
  (catalogue.json: catalogue_file, …, campaigns/*.json: campaign_file, products.json and
  products/*.json: products_file).
- Files broken on purpose (an unknown key, a kind's foreign key, a campaign without a window)
  are rejected where they break it: the schema says what `vitrine catalogue check` reads.

Exits 1 with one line per failure, naming the file, the JSON path and the schema's message.
"""
import copy
import glob
import json
import os
import sys

from jsonschema import Draft202012Validator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = json.load(open(os.path.join(ROOT, "docs", "schema", "catalogue.schema.json"), encoding="utf-8"))
FILES = {
    "catalogue.json": "catalogue_file", "categories.json": "categories_file", "stories.json": "stories_file",
    "promotions.json": "promotions_file", "placements.json": "placements_file", "plans.json": "plans_file",
}


def validator(definition):
    schema = dict(SCHEMA)
    schema.pop("anyOf")
    schema["$ref"] = "#/$defs/" + definition
    return Draft202012Validator(schema)


def errors(definition, document):
    return ["/".join(str(part) for part in error.absolute_path) for error in validator(definition).iter_errors(document)]


def main():
    Draft202012Validator.check_schema(SCHEMA)
    directory = sys.argv[1]
    failures = []
    paths = [os.path.join(directory, name) for name in FILES] + sorted(glob.glob(os.path.join(directory, "campaigns", "*.json")))
    feed = [os.path.join(directory, "products.json")] if os.path.exists(os.path.join(directory, "products.json")) else []
    paths += feed + sorted(glob.glob(os.path.join(directory, "products", "*.json")))
    documents = {}
    for path in paths:
        folder = os.path.basename(os.path.dirname(path))
        if folder == "campaigns":
            definition = "campaign_file"
        elif folder == "products" or os.path.basename(path) == "products.json":
            definition = "products_file"
        else:
            definition = FILES[os.path.basename(path)]
        document = json.load(open(path, encoding="utf-8"))
        documents[definition] = document
        for error in validator(definition).iter_errors(document):
            failures.append(f"{path}: {'/'.join(str(p) for p in error.absolute_path)}: {error.message}")
    campaign = copy.deepcopy(documents["campaign_file"])
    campaign["titel"] = "typo"
    placements = copy.deepcopy(documents["placements_file"])
    placements["placements"][0]["columns"] = 3  # the hero takes no columns
    windowless = copy.deepcopy(documents["campaign_file"])
    del windowless["window"]
    positional = copy.deepcopy(documents["categories_file"])
    positional["categories"][0]["nouns"] = []  # products are listed, not generated
    unpriced = copy.deepcopy(documents["products_file"])
    del unpriced["products"][0]["price"]
    for name, definition, document, expected in [
        ("a campaign with an unknown key", "campaign_file", campaign, ""),
        ("a hero with columns", "placements_file", placements, "placements/0"),
        ("a campaign without a window", "campaign_file", windowless, ""),
        ("a category that generates products", "categories_file", positional, "categories/0"),
        ("a product without a price", "products_file", unpriced, "products/0"),
    ]:
        found = errors(definition, document)
        if expected not in found:
            failures.append(f"{name}: expected a rejection at '{expected}', got {found}")
    for failure in failures:
        print("catalogue schema:", failure)
    if failures:
        sys.exit(1)
    print(f"catalogue schema: {len(paths)} files of {directory} valid, 5 broken ones rejected")


main()
