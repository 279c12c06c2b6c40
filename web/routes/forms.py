"""WTForms (through Flask-WTF, so every form carries a CSRF token)."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import DateTimeLocalField, FieldList, RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional, ValidationError

from scoring.text import name_key, name_problem
from web.data import times, zone

NAME_MAX = 60
NOTES_MAX = 2000
MAX_SEATS = 6


def readable_name(form: Any, field: Any) -> None:
    """A player's name holds no control, invisible or bidirectional character (scoring/text.py)."""
    problem = name_problem(field.data) if isinstance(field.data, str) else None
    if problem:
        raise ValidationError(f"This name {problem}.")


class PlayerForm(FlaskForm):
    name = StringField(
        "Name",
        validators=[
            DataRequired("Enter a name."),
            Length(max=NAME_MAX, message=f"Use at most {NAME_MAX} characters."),
            readable_name,
        ],
        render_kw={"autocomplete": "off", "autocapitalize": "words", "maxlength": NAME_MAX},
    )


class MergeForm(FlaskForm):
    keep = SelectField(
        "Keep this player", coerce=int, validators=[DataRequired("Choose the player to keep.")]
    )


class NewPlayForm(FlaskForm):
    game = RadioField("Game", validators=[DataRequired("Choose the game you played.")])
    played_at = DateTimeLocalField(
        "Played", format="%Y-%m-%dT%H:%M", default=lambda: zone.local_input(times.now())  # the group's zone
    )
    players = FieldList(
        StringField(
            "Player",
            validators=[
                Optional(),
                Length(max=NAME_MAX, message=f"Use at most {NAME_MAX} characters."),
                readable_name,
            ],
            render_kw={
                "autocomplete": "off",
                "autocapitalize": "words",
                "list": "known-players",
                "maxlength": NAME_MAX,
            },
        ),
        min_entries=2,  # as many fields as players: the form adds and removes them (web/routes/main.py)
        max_entries=MAX_SEATS,
    )
    notes = TextAreaField(
        "Notes", validators=[Length(max=NOTES_MAX, message=f"Use at most {NOTES_MAX} characters.")]
    )

    def validate_players(self, field: Any) -> None:
        names = [n.strip() for n in (e.data or "" for e in field.entries) if n.strip()]
        if not names:
            raise ValidationError("Add at least one player.")
        folded = [name_key(n) for n in names]  # NFC, any case: one name however it was typed
        dupes = sorted({n for n in names if folded.count(name_key(n)) > 1})
        if dupes:
            raise ValidationError("Each player sits once: " + ", ".join(dupes) + " is listed twice.")


class PlayDetailsForm(FlaskForm):
    played_at = DateTimeLocalField("Played", format="%Y-%m-%dT%H:%M")
    notes = TextAreaField(
        "Notes", validators=[Length(max=NOTES_MAX, message=f"Use at most {NOTES_MAX} characters.")]
    )


class ActionForm(FlaskForm):
    """A button that changes state (finish, reopen): only the CSRF token."""


class DeviceForm(FlaskForm):
    name = StringField(
        "This phone's name in the edit log",
        validators=[Optional(), Length(max=40, message="Use at most 40 characters.")],
        render_kw={"autocomplete": "off", "maxlength": 40, "placeholder": "e.g. Rosa's phone"},
    )


def known_zone(form: Any, field: Any) -> None:
    """An IANA time zone name (web/data/times.py), or nothing (the default)."""
    text = (field.data or "").strip()
    problem = times.zone_problem(text) if text else None
    if problem:
        raise ValidationError(f"Time zone: {problem}.")


class ZoneForm(FlaskForm):
    timezone = StringField(
        "The group's time zone",
        validators=[Length(max=64, message="Use at most 64 characters."), known_zone],
        render_kw={
            "autocomplete": "off",
            "autocapitalize": "off",
            "spellcheck": "false",
            "list": "zone-names",
            "maxlength": 64,
            "placeholder": "e.g. Europe/Berlin",
        },
    )
