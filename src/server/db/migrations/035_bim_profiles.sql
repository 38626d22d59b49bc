-- 3D/BIM appearance profiles by attribute (issue 25; docs/bim.md): a profile colours elements by
-- status (the 4D colours, as before) or by the value of an element key (storey, class, material,
-- type, name or an IFC property), with a colour per value (others take the palette's).
ALTER TABLE bim_profiles ADD COLUMN mode text NOT NULL DEFAULT 'status' CHECK (mode IN ('status', 'attribute'));
ALTER TABLE bim_profiles ADD COLUMN attribute jsonb;
ALTER TABLE bim_profiles ADD COLUMN value_colors jsonb NOT NULL DEFAULT '{}';
