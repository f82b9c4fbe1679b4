import { Col, Form, Row as GridRow, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../../shared/resources/define';
import { ResourceFields, type ResourceFieldsProps } from '../../resources/ResourceFields';
import { useWorkspace } from '../../core/workspace';
import { useServiceTree, useTagOptions } from '../../features/editorial/lookups';
import { SUBJECT_TAGS } from './qaForm';

/**
 * The fields of the expert answer editor, shared by the page and the popup that creates a news item: the
 * language tabs (title, content, answer, SEO link), subject tags, one service from the service tree, the
 * feature image.
 */
export type QaAnswerFieldsProps = Pick<ResourceFieldsProps, 'def' | 'languages' | 'activeLanguage' | 'onLanguageChange' | 'values' | 'isUpdate' | 'attempted'>;

export function QaAnswerFields(props: QaAnswerFieldsProps) {
  const { t } = useTranslation('qa');
  const { websiteId, language } = useWorkspace();
  const services = useServiceTree(websiteId, language);
  const tagOptions = useTagOptions(websiteId);
  const texts: ResourceDef = { ...props.def, fields: props.def.fields.filter((f) => f.perLanguage) };
  const image: ResourceDef = { ...props.def, fields: props.def.fields.filter((f) => f.name === 'image') };
  return (
    <>
      <ResourceFields {...props} def={texts} />
      <GridRow gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item name={SUBJECT_TAGS} label={t('subjectTags')} tooltip={t('subjectTagsHelp')}>
            <Select aria-label={t('subjectTags')} mode="tags" tokenSeparators={[',']} options={tagOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="serviceId" label={t('service')}>
            <TreeSelect aria-label={t('service')} allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll loading={services.loading} treeData={services.tree} />
          </Form.Item>
        </Col>
      </GridRow>
      <ResourceFields {...props} def={image} />
    </>
  );
}
